-- A player of a finished two-player game invites the other to play it again (issue 28): the same
-- game and pace, the other player moving first, as an invite held to the rules of any invite
-- (app_private.match_invite_refusal; two who are not friends may play again once they played a game
-- started by a link, its rematches included). One rematch per game: when the other player offered it already,
-- this accepts theirs. Returns the new game's id.

create or replace function public.offer_rematch(p_match_id bigint) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches := app_private.lock_match(p_match_id, v_uid);
  v_other uuid := case when v_uid = v_match.first_player then v_match.second_player else v_match.first_player end;
  v_rematch app_private.matches;
  v_refusal text;
  v_id bigint;
begin
  if v_match.status <> 'finished' then
    raise exception 'Only a game played to its end can be played again.' using errcode = 'P0001';
  end if;
  select * into v_rematch from app_private.matches m where m.rematch_of = v_match.id for update;
  if v_rematch.id is not null then
    if v_rematch.status = 'invited' and v_rematch.invited_by = v_other and v_rematch.deadline > now() then
      perform public.answer_match_invite(v_rematch.id, true);
      return v_rematch.id;
    end if;
    if v_rematch.status = 'invited' and v_rematch.invited_by = v_uid and v_rematch.deadline > now() then
      raise exception 'You offered a rematch already: wait for the answer.' using errcode = 'P0001';
    end if;
    raise exception 'A rematch of this game was offered already: invite your friend to a new game instead.' using errcode = 'P0001';
  end if;
  perform app_private.lock_profile(least(v_uid, v_other));
  perform app_private.lock_profile(greatest(v_uid, v_other));
  v_refusal := app_private.match_invite_refusal(v_uid, v_other, v_match.game, not exists (
    select 1 from app_private.matches l
    where l.link_code is not null and l.started_at is not null
      and ((l.first_player = v_uid and l.second_player = v_other) or (l.first_player = v_other and l.second_player = v_uid))));
  if v_refusal is not null then
    raise exception '%', v_refusal using errcode = 'P0001';
  end if;
  insert into app_private.matches (game, pace, first_player, second_player, invited_by, position, deadline, rematch_of)
  values (v_match.game, v_match.pace, v_match.second_player, v_match.first_player, v_uid,
          app_private.match_start_position(v_match.game), now() + app_private.match_invite_time(v_match.pace), v_match.id)
  returning id into v_id;
  return v_id;
end $$;
revoke execute on function public.offer_rematch(bigint) from public, anon;
grant execute on function public.offer_rematch(bigint) to authenticated, service_role;
