-- Stores a move of a two-player game (issue 28), for the match-move function alone: granted only to
-- the service role, so a student's token can never call it (a move for the other player, a position
-- of one's own making), and every move comes through the function, which has run the game's rules
-- (supabase/functions/_shared/matchMove.ts) and passes the position after the move and, if the move
-- ended the game, its result and why. Under the game's lock it checks again what may have changed
-- since the function asked (public.get_match_for_move): the same mutation id gets its stored answer
-- (exactly once), and then app_private.match_move_refusal: the player, the game's status, the ply the
-- move was made at (a move already made there is refused), the turn and the deadline. A stored move
-- restarts the clock for the other player and turns down a draw offer that player made. Answers are
-- app_private.match_move_answer's, or {ok: false, code, message}.

create or replace function public.store_match_move(
  p_user_id uuid, p_match_id bigint, p_ply integer, p_move text, p_mutation_id uuid,
  p_position text, p_result text default null, p_reason text default null
) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_match app_private.matches;
  v_move app_private.match_moves;
  v_answer jsonb;
begin
  if p_user_id is null or p_match_id is null or p_ply is null or p_mutation_id is null
     or p_move is null or char_length(p_move) not between 1 and 10
     or p_position is null or char_length(p_position) not between 1 and 100
     or (p_result is null) <> (p_reason is null)
     or p_result not in ('first', 'second', 'draw')
     or p_reason not in ('checkmate', 'stalemate', 'insufficient material', 'threefold repetition', 'fifty moves',
                         'three in a row', 'full board', 'most hexagons', 'even hexagons') then
    raise exception 'store_match_move needs a player, a game, a ply, a move of 1 to 10 characters, its id, the position after it, and a result with its reason or neither.' using errcode = '22023';
  end if;
  select * into v_match from app_private.matches m where m.id = p_match_id for update;
  v_answer := coalesce(
    app_private.match_move_replay(p_user_id, p_match_id, p_ply, p_move, p_mutation_id),
    app_private.match_move_refusal(v_match, p_user_id, p_ply));
  if v_answer is not null then
    return v_answer;
  end if;
  insert into app_private.match_moves (match_id, ply, player, move, position, mutation_id, result, reason)
  values (v_match.id, v_match.ply, p_user_id, p_move, p_position, p_mutation_id, p_result, p_reason)
  returning * into v_move;
  update app_private.matches m
     set position = p_position, ply = m.ply + 1, updated_at = now(),
         deadline = now() + app_private.match_turn_time(m.pace),
         draw_offer_by = case when m.draw_offer_by = p_user_id then m.draw_offer_by end
   where m.id = v_match.id
  returning * into v_match;
  if p_result is not null then
    perform app_private.finish_match(v_match.id, p_result, p_reason);
  end if;
  return app_private.match_move_answer(v_match, v_move);
end $$;
revoke execute on function public.store_match_move(uuid, bigint, integer, text, uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.store_match_move(uuid, bigint, integer, text, uuid, text, text, text) to service_role;
