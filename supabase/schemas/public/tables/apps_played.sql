-- One row per app a user has played, stamped with the last play; written only by record_app_played.
-- Its owner reads it; anyone sees a profile's recent plays through get_recent_plays.

-- References my_users (not auth.users) so PostgREST can embed the profile in "recent plays".
create table public.apps_played (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.my_users (user_id) on delete cascade,
  app_id text not null references public.apps (id) on delete cascade,
  updated_at timestamptz not null default now(),
  -- The device of the last play (issue 26): the x-device-address the embedded backend writes into
  -- request.headers, null where none is known (hosted Supabase). get_popular_apps counts devices.
  device text,
  constraint apps_played_user_app_key unique (user_id, app_id)
);
-- Recent plays of one user, newest first.
create index apps_played_user_updated_idx on public.apps_played (user_id, updated_at desc);
-- "Popular this week" (get_popular_apps) reads the last 7 days of plays from here, with what it counts.
create index apps_played_updated_idx on public.apps_played (updated_at) include (app_id, user_id, device);

alter table public.apps_played enable row level security;

revoke all on table public.apps_played from anon, authenticated;
grant select, insert, update, delete on table public.apps_played to service_role;
revoke all on sequence public.apps_played_id_seq from anon, authenticated;
grant select on table public.apps_played to authenticated;

create policy "owner reads own plays" on public.apps_played
  for select to authenticated using (user_id = (select auth.uid()));
