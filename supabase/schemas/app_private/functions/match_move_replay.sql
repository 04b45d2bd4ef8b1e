-- A move a student already sent (issue 28): the device's outbox sends a move again when it never
-- heard the answer, with the same mutation id. The same move of the same game at the same ply gets
-- the stored answer (exactly once); the id on anything else is refused. Null for an id not seen yet.

create or replace function app_private.match_move_replay(
  p_uid uuid, p_match_id bigint, p_ply integer, p_move text, p_mutation_id uuid
) returns jsonb
language sql stable set search_path = '' as $$
  select case
    when mv.match_id = p_match_id and mv.ply = p_ply and mv.move = p_move then app_private.match_move_answer(m, mv)
    else jsonb_build_object('ok', false, 'code', 'mutation_reused',
      'message', 'This move''s id was already used for another move. Send the move again as a new one.')
  end
  from app_private.match_moves mv
  join app_private.matches m on m.id = mv.match_id
  where mv.player = p_uid and mv.mutation_id = p_mutation_id
$$;
revoke all on function app_private.match_move_replay(uuid, bigint, integer, text, uuid) from public;
