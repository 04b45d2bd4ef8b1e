-- A student's report of the other player of a game (issue 28), for the moderation desk
-- (public.get_reported_matches). Once per game per student; closed when a moderator ends the game
-- (public.end_match). A reported game's moves become readable to moderators (public.get_match).

create table app_private.match_reports (
  id bigint generated always as identity primary key,
  match_id bigint not null references app_private.matches (id) on delete cascade,
  reporter uuid not null references auth.users (id) on delete cascade,
  reported uuid not null,
  reason text not null default '',
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  constraint match_reports_once unique (match_id, reporter),
  constraint match_reports_reason_length check (char_length(reason) <= 500)
);
-- The desk's queue, oldest open report first.
create index match_reports_open_idx on app_private.match_reports (created_at, id) where closed_at is null;
