-- How long a player has for each move of a two-player game (issue 28): 2 minutes in a live game,
-- played by two students at their screens (a move of Tic Tac Toe takes seconds, of chess at this
-- level rarely a minute), 3 days in a correspondence game, where a move a day fits a school week
-- with a weekend in it. When the time is up the other player may claim the game.

create or replace function app_private.match_turn_time(p_pace text) returns interval
language sql immutable set search_path = '' as $$
  select case p_pace when 'live' then interval '2 minutes' when 'correspondence' then interval '3 days' end
$$;
revoke all on function app_private.match_turn_time(text) from public;
