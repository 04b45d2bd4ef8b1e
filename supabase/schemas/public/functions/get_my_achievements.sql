-- The signed-in student's unlocked achievements, newest first, with where each sits on their badge
-- shelf (issue 29): what they choose the shelf from.

create or replace function public.get_my_achievements()
returns table (unlock_id bigint, code text, title text, icon text, app_id text, game_title text, unlocked_at timestamptz, shelf smallint)
language sql stable security definer set search_path = public as $$
  select u.id, a.code, a.title, a.icon, a.app_id, coalesce(g.title, 'Hollowed'), u.unlocked_at, u.shelf
    from public.achievement_unlocks u
    join public.achievements a on a.id = u.achievement_id
    left join public.apps g on g.id = a.app_id
   where u.user_id = (select auth.uid()) and u.revoked_at is null
   order by u.unlocked_at desc, u.id desc
$$;
revoke execute on function public.get_my_achievements() from public, anon;
grant execute on function public.get_my_achievements() to authenticated, service_role;
