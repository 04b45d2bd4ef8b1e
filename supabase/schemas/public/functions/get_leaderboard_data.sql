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
  with profiles as (
    select m.user_id, m.username, m.icon, m.badges, m.longest_streak, m.apps_played, m.time_spent, m.created_at,
           case when s.last_claim >= now() - interval '2 days' then s.current_streak else 0 end as current_streak
    from public.my_users m
    left join public.streak s on s.user_id = m.user_id
  )
  select t.user_id, t.username, t.icon, t.badges, t.current_streak, t.longest_streak, t.apps_played,
         t.time_spent, t.created_at,
         (select count(*) + 1 from profiles o where o.current_streak > t.current_streak),
         (select count(*) + 1 from public.my_users o where o.time_spent > t.time_spent),
         (select count(*) + 1 from public.my_users o where o.apps_played > t.apps_played)
  from profiles t
  where t.user_id = target_user_id
$$;
revoke execute on function public.get_leaderboard_data(uuid) from public;
grant execute on function public.get_leaderboard_data(uuid) to anon, authenticated, service_role;
