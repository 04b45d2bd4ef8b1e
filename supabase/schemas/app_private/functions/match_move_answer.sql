-- The answer to a move of a two-player game (issue 28), as the match-move function sends it to the
-- device: the game and the ply after the move, the move, the position, who moves next (null once the
-- game is over), and how it ended if this move ended it. Built from the move's own row, so that the
-- same move sent again gets the answer it got the first time, whatever happened in the game since.

create or replace function app_private.match_move_answer(p_match app_private.matches, p_move app_private.match_moves) returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_build_object(
    'ok', true,
    'matchId', p_match.id,
    'ply', p_move.ply + 1,
    'move', p_move.move,
    'position', p_move.position,
    'turn', case when p_move.result is null then
              case when (p_move.ply + 1) % 2 = 0 then p_match.first_player else p_match.second_player end end,
    'status', case when p_move.result is null then 'active' else 'finished' end,
    'result', p_move.result,
    'winner', case p_move.result when 'first' then p_match.first_player when 'second' then p_match.second_player end,
    'reason', p_move.reason)
$$;
revoke all on function app_private.match_move_answer(app_private.matches, app_private.match_moves) from public;
