-- The top 5 by time spent, for anyone, with public profile fields only; ties broken by username.

create or replace function public.get_top_time_spent()
returns table (user_id uuid, username text, icon text, time_spent integer)
language sql stable security definer set search_path = public as $$
  select m.user_id, m.username, m.icon, m.time_spent
  from public.my_users m
  where m.time_spent > 0
  order by m.time_spent desc, m.username
  limit 5
$$;
revoke execute on function public.get_top_time_spent() from public;
grant execute on function public.get_top_time_spent() to anon, authenticated, service_role;
