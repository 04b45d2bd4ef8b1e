-- Why a student may not move in a two-player game now, or null (issue 28). The match-move function
-- asks it before it runs the game's rules (public.get_match_for_move), and public.store_match_move
-- again under the game's lock before it stores the move, so that a move raced by another is refused
-- with the same words. Each refusal has a code of its own for the device (the function's answer):
--   not_your_game  no such game, or another pair's: the same words, so nobody learns which games exist
--   not_started    the invite waits for its answer
--   game_over      finished, ended by a moderator, or an invite that was never played
--   move_taken     the ply it was made at already has a move: another device of the student was first
--   out_of_turn    the other player moves now
--   wrong_ply      a ply ahead of the game: the device never saw the moves it builds on
--   time_up        the player's time for this move ran out; the other player may claim the game
-- p_match is the game's row (all nulls when there is none).

create or replace function app_private.match_move_refusal(p_match app_private.matches, p_uid uuid, p_ply integer) returns jsonb
language plpgsql stable set search_path = '' as $$
begin
  return case
    when p_match.id is null or p_uid is null or (p_uid is distinct from p_match.first_player and p_uid is distinct from p_match.second_player) then
      jsonb_build_object('ok', false, 'code', 'not_your_game', 'message', 'This game is not yours: only its two players can see it or play in it.')
    when p_match.status = 'invited' then
      jsonb_build_object('ok', false, 'code', 'not_started', 'message', 'This game has not started: the invite is waiting for an answer.')
    when p_match.status <> 'active' then
      jsonb_build_object('ok', false, 'code', 'game_over', 'message', case p_match.status
        when 'declined' then 'This game never started: the invite was declined.'
        when 'cancelled' then 'This game never started: the invite was cancelled.'
        when 'ended' then 'A moderator ended this game.'
        else 'This game is over.' end)
    when p_ply < p_match.ply then
      jsonb_build_object('ok', false, 'code', 'move_taken', 'message', 'That move was already made: the game has moved on since. Look at the board again.')
    when app_private.match_to_move(p_match) <> p_uid then
      jsonb_build_object('ok', false, 'code', 'out_of_turn', 'message', 'It is not your turn: wait for the other player''s move.')
    when p_ply > p_match.ply then
      jsonb_build_object('ok', false, 'code', 'wrong_ply', 'message', 'That move does not follow the last move of this game. Look at the board again.')
    when p_match.deadline <= now() then
      jsonb_build_object('ok', false, 'code', 'time_up', 'message', 'Your time for this move ran out: the other player may claim the game.')
  end;
end $$;
revoke all on function app_private.match_move_refusal(app_private.matches, uuid, integer) from public;
