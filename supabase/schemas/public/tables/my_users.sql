-- Profiles. my_users holds both public fields (shown on leaderboards and profile pages) and private
-- ones (where_from, who_from, the last activity tick). Row level security keeps the table itself
-- owner-only; anyone else reads the public columns through the public_profiles view. A view works
-- with PostgREST like a table, and the owner's whole-row `select *` keeps working, which column
-- privileges alone would break. Stat columns are written only by the RPCs (security definer), so the
-- API roles get UPDATE on the editable columns only.
-- The icon is held to a default icon or an owned icon item by the trigger of
-- app_private/functions/my_users_icon_guard.sql. Usernames are unique ignoring case (below) and by
-- their look-alike skeleton (app_rls/username_skeleton.sql, which declares that index), and names and
-- about text pass app_private/functions/my_users_text_guard.sql.

create table public.my_users (
  user_id uuid primary key references auth.users (id) on delete cascade,
  username text not null,
  icon text not null default 'default_icon',
  created_at timestamptz not null default now(),
  current_streak integer not null default 0,
  longest_streak integer not null default 0,
  apps_played integer not null default 0,
  time_spent integer not null default 0,
  user_about text,
  badges text[] not null default '{}',
  where_from text,
  who_from text,
  last_tick_at timestamptz,
  constraint my_users_username_format check (username ~ '^[A-Za-z0-9_-]{3,20}$'),
  constraint my_users_icon_length check (char_length(icon) between 1 and 100),
  constraint my_users_user_about_length check (char_length(user_about) <= 500),
  constraint my_users_where_from_length check (char_length(where_from) <= 100),
  constraint my_users_who_from_length check (char_length(who_from) <= 100),
  constraint my_users_stats_non_negative check (
    current_streak >= 0 and longest_streak >= 0 and apps_played >= 0 and time_spent >= 0
  )
);

create unique index my_users_username_lower_key on public.my_users (lower(username));
-- A public profile is opened by its exact name (public_profiles?username=eq.…), which the index above cannot serve.
create index my_users_username_idx on public.my_users (username);
-- Leaderboards: top time spent and top apps played.
create index my_users_time_spent_idx on public.my_users (time_spent desc);
create index my_users_apps_played_idx on public.my_users (apps_played desc);

alter table public.my_users enable row level security;

revoke all on table public.my_users from anon, authenticated;
grant select, insert, update, delete on table public.my_users to service_role;
grant select on table public.my_users to authenticated;
-- user_id is in both lists because PostgREST's upsert repeats every payload column in DO UPDATE SET;
-- the policies pin it to the caller, so it can never actually change.
grant insert (user_id, username, icon, user_about, where_from, who_from) on table public.my_users to authenticated;
grant update (user_id, username, icon, user_about, where_from, who_from) on table public.my_users to authenticated;

create policy "owner reads own profile" on public.my_users
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owner creates own profile" on public.my_users
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "owner edits own profile" on public.my_users
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
