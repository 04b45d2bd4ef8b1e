-- The desk's look-up of one student's achievements (issue 29), newest first, found by username (any
-- case): a moderator who sees a badge no play could have earned finds its unlock here and takes it back
-- (public.revoke_achievement). Taken-back ones are listed too, marked, so the record is whole. At most
-- one row per declared achievement (achievement_unlocks_user_achievement_key): 74 today.

create or replace function public.get_student_achievements(p_username text)
returns table (
  unlock_id bigint, username text, app_id text, game_title text, title text, points integer, reward integer,
  unlocked_at timestamptz, revoked_at timestamptz
)
language plpgsql stable security definer set search_path = public as $$
declare
  v_owner uuid;
  v_username text;
begin
  perform app_private.require_moderator();
  select m.user_id, m.username into v_owner, v_username
  from public.my_users m where lower(m.username) = lower(btrim(coalesce(p_username, '')));
  if v_owner is null then
    raise exception 'No student is called %.', btrim(coalesce(p_username, '')) using errcode = 'P0001';
  end if;
  return query
    select u.id, v_username, a.app_id, coalesce(g.title, 'the portal'), a.title, a.points, u.reward, u.unlocked_at, u.revoked_at
    from public.achievement_unlocks u
    join public.achievements a on a.id = u.achievement_id
    left join public.apps g on g.id = a.app_id
    where u.user_id = v_owner
    order by u.unlocked_at desc, u.id desc;
end $$;
revoke execute on function public.get_student_achievements(text) from public, anon;
grant execute on function public.get_student_achievements(text) to authenticated, service_role;
