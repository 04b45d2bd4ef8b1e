-- The top 5 running streaks, for anyone, with public profile fields only; ties broken by username.

create or replace function public.get_top_streaks()
returns table (user_id uuid, username text, icon text, current_streak integer)
language sql stable security definer set search_path = public as $$
  -- Only streaks as long as the fifth-longest kept one are named and ordered; that length is read from
  -- the top of streak_current_streak_idx (issue 26: every kept streak was joined to its profile to show
  -- 5, 505 of the semester's 1,100). OFFSET 0 keeps each profile a read by its key, not a hash of all.
  select s.user_id, m.username, m.icon, s.current_streak
  from public.streak s
  cross join lateral (select p.username, p.icon from public.my_users p where p.user_id = s.user_id offset 0) m
  where s.current_streak > 0 and s.last_claim >= now() - interval '2 days'
    and s.current_streak >= coalesce((
      select o.current_streak from public.streak o
      where o.current_streak > 0 and o.last_claim >= now() - interval '2 days'
        and exists (select 1 from public.my_users p where p.user_id = o.user_id offset 0)
      order by o.current_streak desc
      offset 4 limit 1), 1)
  order by s.current_streak desc, m.username
  limit 5
$$;
revoke execute on function public.get_top_streaks() from public;
grant execute on function public.get_top_streaks() to anon, authenticated, service_role;
