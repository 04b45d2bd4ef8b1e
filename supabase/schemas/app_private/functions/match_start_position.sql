-- Where each two-player game starts (issue 28), in the text the match-move function's rules read
-- (supabase/functions/_shared/matchMove.ts, startPosition; tests/db/suites/matches.ts holds the two
-- together): a FEN for chess, 9 empty cells for Tic Tac Toe, Hex Conquest's board of 61 hexagons.

create or replace function app_private.match_start_position(p_game text) returns text
language sql immutable set search_path = '' as $$
  select case p_game
    when 'chess' then 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
    when 'tic-tac-toe' then '.........'
    when 'hex-conquest' then 'P...C................#....C....#..P...#.................P...C'
  end
$$;
revoke all on function app_private.match_start_position(text) from public;
