-- A user's public stats and ranks, for anyone (spec section 7). Exactly one row for an existing
-- profile (none for an unknown user, so .single() reports PGRST116). Ranks count users strictly
-- ahead, so equal values share a rank.

create or replace function public.get_leaderboard_data(target_user_id uuid)
returns table (
  user_id uuid,
  username text,
  icon text,
  badges text[],
  current_streak integer,
  longest_streak integer,
  apps_played integer,
  time_spent integer,
  created_at timestamptz,
  streak_rank bigint,
  time_spent_rank bigint,
  apps_played_rank bigint
)
language sql stable security definer set search_path = public as $$
  -- Only the target's profile is read whole; each rank counts those ahead from an index (issue 26:
  -- the streak rank built every profile joined to its streak, 1,100 rows with the semester's
  -- students, 21,100 with twenty times as many, to answer for one). A streak counts only while it
  -- is kept (claimed in the last 2 days) and only for a student with a profile.
  select m.user_id, m.username, m.icon, m.badges, me.current_streak, m.longest_streak, m.apps_played,
         m.time_spent, m.created_at,
         (select count(*) + 1 from public.streak o
           where o.current_streak > me.current_streak and o.last_claim >= now() - interval '2 days'
             -- OFFSET 0: probe the profile by its key for each streak ahead; as a semi-join the
             -- planner hashed every profile.
             and exists (select 1 from public.my_users p where p.user_id = o.user_id offset 0)),
         (select count(*) + 1 from public.my_users o where o.time_spent > m.time_spent),
         (select count(*) + 1 from public.my_users o where o.apps_played > m.apps_played)
  from public.my_users m
  cross join lateral (
    select coalesce((select s.current_streak from public.streak s
                      where s.user_id = m.user_id and s.last_claim >= now() - interval '2 days'), 0) as current_streak
  ) me
  where m.user_id = target_user_id
$$;
revoke execute on function public.get_leaderboard_data(uuid) from public;
grant execute on function public.get_leaderboard_data(uuid) to anon, authenticated, service_role;
