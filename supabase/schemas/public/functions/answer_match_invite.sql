-- The invited friend answers an invite to a two-player game (issue 28): accepting starts the game
-- (the first player's clock runs from now), declining closes it. An invite whose time is up, or from
-- a student either of them has blocked since, can no longer be accepted. Returns the game's status.

create or replace function public.answer_match_invite(p_match_id bigint, p_accept boolean) returns text
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches;
begin
  if p_accept is null then
    raise exception 'Say whether you accept the invite.' using errcode = '22023';
  end if;
  v_match := app_private.lock_match(p_match_id, v_uid);
  if v_match.status <> 'invited' or v_match.invited_by = v_uid then
    raise exception 'There is no invite to this game waiting for your answer.' using errcode = 'P0001';
  end if;
  if v_match.deadline <= now() then
    raise exception 'This invite has expired. Invite your friend back if you want to play.' using errcode = 'P0001';
  end if;
  if not p_accept then
    update app_private.matches m set status = 'declined', deadline = null, finished_at = now(), updated_at = now() where m.id = v_match.id;
    return 'declined';
  end if;
  if app_private.blocked_between(v_match.first_player, v_match.second_player) then
    raise exception 'You cannot play with this student.' using errcode = 'P0001';
  end if;
  if app_private.matches_going(v_uid) >= 20 then
    raise exception 'You have 20 games going. Finish one before starting another.' using errcode = 'P0001';
  end if;
  update app_private.matches m
     set status = 'active', started_at = now(), updated_at = now(), deadline = now() + app_private.match_turn_time(m.pace)
   where m.id = v_match.id;
  return 'active';
end $$;
revoke execute on function public.answer_match_invite(bigint, boolean) from public, anon;
grant execute on function public.answer_match_invite(bigint, boolean) to authenticated, service_role;
