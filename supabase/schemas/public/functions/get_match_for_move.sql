-- What the match-move function needs before it runs a game's rules on a student's move (issue 28),
-- asked with the student's own token, so that the database says who they are (and that their
-- session passed any second factor) and whether the move may be made at all:
--   {ok: true, answer: {...}}            the move was made already (the same mutation id): its stored answer
--   {ok: false, code, message}           refused (app_private.match_move_refusal, or the id reused)
--   {ok: true, context: {player, game, side, position, from, history}}
--                                        the game as the rules need it: who moves (first or second) and the
--                                        position; for chess also the moves since the last pawn move or
--                                        capture and the position before them (from), for chess.js to count
--                                        repeated positions: none before such a move can come again, and
--                                        replaying only those keeps a move's cost flat (the 200th move of a
--                                        game cost chess.js 0.3 ms so, 104 ms replayed from the start:
--                                        npm run bench -- match-move)
-- Nothing is stored here: public.store_match_move checks it all again under the game's lock.

create or replace function public.get_match_for_move(p_match_id bigint, p_ply integer, p_move text, p_mutation_id uuid) returns jsonb
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches;
  v_answer jsonb;
  v_window integer;
begin
  if p_match_id is null or p_ply is null or p_move is null or p_mutation_id is null then
    raise exception 'A move names its game, the ply it was made at, the move and its id.' using errcode = '22023';
  end if;
  v_answer := app_private.match_move_replay(v_uid, p_match_id, p_ply, p_move, p_mutation_id);
  if v_answer is not null then
    return case when (v_answer ->> 'ok')::boolean then jsonb_build_object('ok', true, 'answer', v_answer) else v_answer end;
  end if;
  select * into v_match from app_private.matches m where m.id = p_match_id;
  v_answer := app_private.match_move_refusal(v_match, v_uid, p_ply);
  if v_answer is not null then
    return v_answer;
  end if;
  -- Chess: the moves since the last pawn move or capture (the FEN's halfmove clock), and the position
  -- before them, where chess.js starts counting repetitions.
  v_window := case when v_match.game = 'chess' then greatest(0, v_match.ply - split_part(v_match.position, ' ', 5)::integer) else v_match.ply end;
  return jsonb_build_object('ok', true, 'context', jsonb_build_object(
    'player', v_uid,
    'game', v_match.game,
    'side', case when v_match.first_player = v_uid then 'first' else 'second' end,
    'position', v_match.position,
    'from', case when v_window = v_match.ply then v_match.position
                 else coalesce((select mv.position from app_private.match_moves mv where mv.match_id = v_match.id and mv.ply = v_window - 1),
                               app_private.match_start_position(v_match.game)) end,
    'history', coalesce((select jsonb_agg(mv.move order by mv.ply) from app_private.match_moves mv
                          where mv.match_id = v_match.id and mv.ply >= v_window), '[]'::jsonb)));
end $$;
revoke execute on function public.get_match_for_move(bigint, integer, text, uuid) from public, anon;
grant execute on function public.get_match_for_move(bigint, integer, text, uuid) to authenticated, service_role;
