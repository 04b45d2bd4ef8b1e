-- The top 5 by distinct apps played, for anyone, with public profile fields only; ties broken by username.

create or replace function public.get_apps_played_by_user()
returns table (user_id uuid, username text, icon text, apps_played integer)
language sql stable security definer set search_path = public as $$
  select m.user_id, m.username, m.icon, m.apps_played
  from public.my_users m
  where m.apps_played > 0
  order by m.apps_played desc, m.username
  limit 5
$$;
revoke execute on function public.get_apps_played_by_user() from public;
grant execute on function public.get_apps_played_by_user() to anon, authenticated, service_role;
