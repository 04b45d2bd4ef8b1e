-- The plays "Popular this week" counts (get_popular_apps): a copy of each public.apps_played row with
-- its account's creation time, kept by app_private.keep_popular_plays and swept of rows older than the
-- week (app_private.sweep_old_rows). Counting from apps_played read the week's rows scattered over
-- the whole table and joined every account to them (issue 26: p95 3.6 -> 10.8 ms on PostgreSQL 15
-- with a semester in it); this table holds about one week of plays, so the count reads little else.

create table app_private.popular_plays (
  user_id uuid not null,
  app_id text not null,
  played_at timestamptz not null default now(),
  -- As in apps_played: the device of the last play, null where none is known.
  device text,
  -- The account's auth.users.created_at, which GoTrue never changes: a play with no device counts
  -- once its account is a day old. An operator who rewrites it by hand reaches this copy only at the
  -- account's next play of each game.
  account_created_at timestamptz,
  primary key (user_id, app_id)
);
-- For the sweep by age (app_private.sweep_old_rows), which also drops the plays of apps nobody opens again.
create index popular_plays_played_at_idx on app_private.popular_plays (played_at);
