-- The end of a two-player game that was played (issue 28), however it ended (a move, a resignation,
-- an agreed draw, a claimed timeout): the game's result and why, and a win, draw or loss added to
-- each player's results for that game. The caller holds the game's lock (app_private.lock_match or
-- store_match_move) and has checked it was active.

create or replace function app_private.finish_match(p_match_id bigint, p_result text, p_reason text) returns void
language plpgsql set search_path = '' as $$
declare
  v_match app_private.matches;
begin
  update app_private.matches m
     set status = 'finished', result = p_result, reason = p_reason, deadline = null, draw_offer_by = null,
         finished_at = now(), updated_at = now()
   where m.id = p_match_id and m.status = 'active'
  returning * into v_match;
  if v_match.id is null then
    raise exception 'Only a game being played can finish.' using errcode = 'P0001';
  end if;
  insert into app_private.match_results as r (user_id, game, wins, draws, losses)
  values
    (v_match.first_player, v_match.game, (p_result = 'first')::int, (p_result = 'draw')::int, (p_result = 'second')::int),
    (v_match.second_player, v_match.game, (p_result = 'second')::int, (p_result = 'draw')::int, (p_result = 'first')::int)
  on conflict (user_id, game) do update
    set wins = r.wins + excluded.wins, draws = r.draws + excluded.draws, losses = r.losses + excluded.losses;
end $$;
revoke all on function app_private.finish_match(bigint, text, text) from public;
