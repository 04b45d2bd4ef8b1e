-- A student's badge shelf for their public profile (issue 29): the up to 3 achievements they chose,
-- in order, with public fields only. A badge a moderator took back leaves the shelf.

create or replace function public.get_badge_shelf(p_username text)
returns table (code text, title text, description text, icon text, app_id text, game_title text)
language sql stable security definer set search_path = public as $$
  select a.code, a.title, a.description, a.icon, a.app_id, coalesce(g.title, 'Hollowed')
    from public.public_profiles p
    join public.achievement_unlocks u on u.user_id = p.user_id and u.shelf is not null and u.revoked_at is null
    join public.achievements a on a.id = u.achievement_id
    left join public.apps g on g.id = a.app_id
   where p.username = p_username
   order by u.shelf
$$;
revoke execute on function public.get_badge_shelf(text) from public;
grant execute on function public.get_badge_shelf(text) to anon, authenticated, service_role;
