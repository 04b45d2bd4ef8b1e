-- The top 5 running streaks, for anyone, with public profile fields only; ties broken by username.

create or replace function public.get_top_streaks()
returns table (user_id uuid, username text, icon text, current_streak integer)
language sql stable security definer set search_path = public as $$
  select s.user_id, m.username, m.icon, s.current_streak
  from public.streak s
  join public.my_users m on m.user_id = s.user_id
  where s.current_streak > 0 and s.last_claim >= now() - interval '2 days'
  order by s.current_streak desc, m.username
  limit 5
$$;
revoke execute on function public.get_top_streaks() from public;
grant execute on function public.get_top_streaks() to anon, authenticated, service_role;
