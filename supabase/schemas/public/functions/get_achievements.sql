-- A game's achievements for its page (issue 29), or the portal's own with p_app_id null: a hidden one
-- shows "???" and no icon until the caller unlocked it; the caller's stat for the progress bar; and the
-- unlock rate from app_private.achievement_counts (one row per achievement, kept by the unlock and the
-- revoke) over the game's players (public.apps_played, one row per student and game), so a year of
-- unlocks costs nothing more to read. Signed out, nothing is unlocked and there is no progress.

create or replace function public.get_achievements(p_app_id text)
returns table (
  code text, title text, description text, icon text, points integer, hidden boolean, stat text, threshold bigint,
  progress bigint, unlocked_at timestamptz, unlocks integer, players bigint
)
language sql stable security definer set search_path = public as $$
  with mine as (
    select u.achievement_id, u.unlocked_at from public.achievement_unlocks u
     where u.user_id = (select auth.uid()) and u.revoked_at is null
  ), players as (
    select count(*) as n from public.apps_played p where p.app_id = p_app_id
  )
  select a.code,
         case when a.hidden and m.unlocked_at is null then '???' else a.title end,
         case when a.hidden and m.unlocked_at is null then '???' else a.description end,
         case when a.hidden and m.unlocked_at is null then null else a.icon end,
         a.points, a.hidden,
         case when a.hidden and m.unlocked_at is null then null else a.stat end,
         case when a.hidden and m.unlocked_at is null then null else a.threshold end,
         (select s.value from app_private.game_stats s
           where s.user_id = (select auth.uid()) and s.app_id = a.app_id and s.name = a.stat and not (a.hidden and m.unlocked_at is null)),
         m.unlocked_at,
         coalesce(c.unlocks, 0),
         case when p_app_id is null then (select count(*) from public.my_users) else (select n from players) end
    from public.achievements a
    left join mine m on m.achievement_id = a.id
    left join app_private.achievement_counts c on c.achievement_id = a.id
   where a.app_id is not distinct from p_app_id
   order by a.hidden, a.points, a.code
$$;
revoke execute on function public.get_achievements(text) from public;
grant execute on function public.get_achievements(text) to anon, authenticated, service_role;
