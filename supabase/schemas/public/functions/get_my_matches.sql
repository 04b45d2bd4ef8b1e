-- The caller's two-player games (issue 28), for the lobby and the header's "your turn": invites
-- waiting (sent or received, unless either student blocked the other since), games being played,
-- and those that ended in the last 7 days; the ones waiting for the caller's move first, then the
-- latest changed. At most 100. Each row is seen from the caller's side: the opponent, whether the
-- caller moves first, whether it is their turn (my_turn: a game being played where they are to move,
-- which is what the header counts), the result for them (won, drawn, lost) and whose draw offer waits.

create or replace function public.get_my_matches()
returns table (
  match_id bigint, game text, pace text, status text, opponent_id uuid, opponent_username text, opponent_icon text,
  invited_by_me boolean, i_move_first boolean, ply integer, my_turn boolean, deadline timestamptz,
  result text, reason text, draw_offer text, rematch_of bigint, updated_at timestamptz
)
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  return query
  with mine as (
    select m.*, m.second_player as opponent, app_private.match_to_move(m) = v_uid and m.status = 'active' as my_turn
    from app_private.matches m where m.first_player = v_uid
    union all
    select m.*, m.first_player, app_private.match_to_move(m) = v_uid and m.status = 'active'
    from app_private.matches m where m.second_player = v_uid
  ), shown as (
    select m.* from mine m
    where m.status = 'active'
       or (m.status = 'invited' and m.deadline > now())
       or (m.status not in ('active', 'invited') and m.finished_at > now() - interval '7 days')
  )
  select s.id, s.game, s.pace, s.status, s.opponent, u.username, u.icon,
         s.invited_by = v_uid, s.first_player = v_uid, s.ply,
         s.my_turn,
         s.deadline,
         case when s.result = 'draw' then 'drawn'
              when s.result = 'first' then case when s.first_player = v_uid then 'won' else 'lost' end
              when s.result = 'second' then case when s.second_player = v_uid then 'won' else 'lost' end end,
         s.reason,
         case when s.draw_offer_by = v_uid then 'mine' when s.draw_offer_by is not null then 'theirs' end,
         s.rematch_of, s.updated_at
  from shown s
  join public.my_users u on u.user_id = s.opponent
  where not (s.status = 'invited' and app_private.blocked_between(v_uid, s.opponent))
  order by s.my_turn desc, s.updated_at desc, s.id desc
  limit 100;
end $$;
revoke execute on function public.get_my_matches() from public, anon;
grant execute on function public.get_my_matches() to authenticated, service_role;
