-- A game of the caller's, locked for the change the calling RPC makes (issue 28), so that two
-- answers to one game (a resignation and a move, two tabs accepting a draw) run one after the other
-- and the second sees what the first did. A game that does not exist and another pair's game get the
-- same words: nobody learns which games exist. A link's free seat is null, and null is nobody.

create or replace function app_private.lock_match(p_match_id bigint, p_uid uuid) returns app_private.matches
language plpgsql set search_path = '' as $$
declare
  v_match app_private.matches;
begin
  if p_match_id is null then
    raise exception 'Say which game.' using errcode = '22023';
  end if;
  select * into v_match from app_private.matches m where m.id = p_match_id for update;
  if v_match.id is null or p_uid is distinct from v_match.first_player and p_uid is distinct from v_match.second_player then
    raise exception 'This game is not yours: only its two players can see it or play in it.' using errcode = 'P0001';
  end if;
  return v_match;
end $$;
revoke all on function app_private.lock_match(bigint, uuid) from public;
