-- One two-player game with its moves (issue 28), for its two players, and for a moderator once a
-- player reported it (the desk's view of an abusive game); anyone else, and a game that does not
-- exist, get the same refusal. Moves from p_from_ply on (0: all), so that a device that has the
-- first moves asks only for the rest. The players' names and icons come with it; whose turn it is
-- (turn: null unless being played), the result (first, second or draw) and its winner, and whose
-- draw offer waits.

create or replace function public.get_match(p_match_id bigint, p_from_ply integer default 0) returns jsonb
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches;
begin
  if p_match_id is null or p_from_ply is null or p_from_ply < 0 then
    raise exception 'Say which game, and from which move (0 for all).' using errcode = '22023';
  end if;
  select * into v_match from app_private.matches m where m.id = p_match_id;
  if v_match.id is null
     or (v_uid is distinct from v_match.first_player and v_uid is distinct from v_match.second_player
         and not (exists (select 1 from public.moderators d where d.user_id = v_uid)
                  and exists (select 1 from app_private.match_reports r where r.match_id = v_match.id))) then
    raise exception 'This game is not yours: only its two players can see it or play in it.' using errcode = 'P0001';
  end if;
  return jsonb_build_object(
    'id', v_match.id, 'game', v_match.game, 'pace', v_match.pace, 'status', v_match.status,
    'first_player', (select jsonb_build_object('id', u.user_id, 'username', u.username, 'icon', u.icon)
                     from public.my_users u where u.user_id = v_match.first_player),
    'second_player', (select jsonb_build_object('id', u.user_id, 'username', u.username, 'icon', u.icon)
                      from public.my_users u where u.user_id = v_match.second_player),
    'invited_by', v_match.invited_by, 'position', v_match.position, 'ply', v_match.ply,
    'turn', case when v_match.status = 'active' then app_private.match_to_move(v_match) end,
    'deadline', v_match.deadline, 'result', v_match.result,
    'winner', case v_match.result when 'first' then v_match.first_player when 'second' then v_match.second_player end,
    'reason', v_match.reason, 'draw_offer_by', v_match.draw_offer_by, 'rematch_of', v_match.rematch_of,
    'rematch', (select r.id from app_private.matches r where r.rematch_of = v_match.id),
    'created_at', v_match.created_at, 'started_at', v_match.started_at, 'finished_at', v_match.finished_at,
    'updated_at', v_match.updated_at,
    'moves', coalesce((select jsonb_agg(jsonb_build_object('ply', mv.ply, 'player', mv.player, 'move', mv.move, 'made_at', mv.made_at) order by mv.ply)
                       from app_private.match_moves mv where mv.match_id = v_match.id and mv.ply >= p_from_ply), '[]'::jsonb));
end $$;
revoke execute on function public.get_match(bigint, integer) from public, anon;
grant execute on function public.get_match(bigint, integer) to authenticated, service_role;
