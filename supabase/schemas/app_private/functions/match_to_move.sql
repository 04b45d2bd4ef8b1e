-- Who moves next in a two-player game (issue 28): the first player at an even ply, the second at an odd one.

create or replace function app_private.match_to_move(p_match app_private.matches) returns uuid
language sql immutable set search_path = '' as $$
  select case when p_match.ply % 2 = 0 then p_match.first_player else p_match.second_player end
$$;
revoke all on function app_private.match_to_move(app_private.matches) from public;
