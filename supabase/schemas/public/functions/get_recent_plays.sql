-- The 6 most recent plays of a profile, newest first, found by username (ignoring case), for its
-- public page: apps_played itself is owner-only.

create or replace function public.get_recent_plays(p_username text)
returns table (app_id text, title text, updated_at timestamptz)
language sql stable security definer set search_path = public as $$
  select p.app_id, a.title, p.updated_at
  from public.my_users m
  join public.apps_played p on p.user_id = m.user_id
  join public.apps a on a.id = p.app_id
  where lower(m.username) = lower(p_username)
  order by p.updated_at desc, p.id desc
  limit 6
$$;
revoke execute on function public.get_recent_plays(text) from public;
grant execute on function public.get_recent_plays(text) to anon, authenticated, service_role;
