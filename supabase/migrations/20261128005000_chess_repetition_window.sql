-- Chess moves judged from the last pawn move or capture (issue 28), not from the start.
--
-- Why: the match-move function replayed every move of a chess game from the start so that chess.js
-- would count repeated positions, and a move's cost grew with the game: the 200th move cost chess.js
-- 104 ms, and a move through the function took 114 ms (median of the last 40 of a 200-move game). No
-- position before a pawn move or capture can come again, so public.get_match_for_move now gives the
-- function the moves since the last one (the FEN's halfmove clock) and the position before them
-- ("from"), and chess.js counts from there: 0.3 ms at the 200th move, 23 ms a move through the function
-- over the whole game (`npm run bench -- match-move`, two shared cores under load).
-- Deploy the function first (`npx supabase functions deploy match-move`): it reads "from" when the
-- database sends it and starts from the opening position when it does not, while the function before
-- it would replay only the last moves from the opening position and refuse the move.

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
