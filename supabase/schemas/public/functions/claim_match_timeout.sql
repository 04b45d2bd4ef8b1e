-- The waiting player claims a two-player game whose other player let their time for a move run out
-- (issue 28): the claimer wins, and both players' results count it. The server's clock decides: a
-- device whose clock runs ahead may ask early, and is answered how long is left (won false,
-- seconds_left) rather than refused, since it did nothing wrong; it asks again then.

create or replace function public.claim_match_timeout(p_match_id bigint) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches := app_private.lock_match(p_match_id, v_uid);
begin
  if v_match.status <> 'active' then
    raise exception 'Only a game being played can be won on time.' using errcode = 'P0001';
  end if;
  if app_private.match_to_move(v_match) = v_uid then
    raise exception 'It is your turn: a game is won on time only while the other player is to move.' using errcode = 'P0001';
  end if;
  if v_match.deadline > now() then
    return jsonb_build_object('won', false, 'seconds_left', ceil(extract(epoch from v_match.deadline - now()))::integer);
  end if;
  perform app_private.finish_match(v_match.id, case when v_uid = v_match.first_player then 'first' else 'second' end, 'timeout');
  return jsonb_build_object('won', true, 'seconds_left', 0);
end $$;
revoke execute on function public.claim_match_timeout(bigint) from public, anon;
grant execute on function public.claim_match_timeout(bigint) to authenticated, service_role;
