-- The moves of two-player games (issue 28), one row a move, written only by public.store_match_move
-- (granted to the service role alone: the match-move function calls it once a move passed the game's
-- rules). Each keeps the position after it and, if it ended the game, how, so that the same move
-- sent again (the same mutation id from the device's outbox) gets the same answer it got the first
-- time, however far the game went on since: exactly once. Only the two players read them
-- (public.get_match), and a moderator once a player reported the game.

create table app_private.match_moves (
  match_id bigint not null references app_private.matches (id) on delete cascade,
  ply integer not null,
  player uuid not null,
  move text not null,
  position text not null,
  mutation_id uuid not null,
  result text,
  reason text,
  made_at timestamptz not null default now(),
  primary key (match_id, ply),
  constraint match_moves_mutation_once unique (player, mutation_id),
  constraint match_moves_move_length check (char_length(move) between 1 and 10),
  constraint match_moves_position_length check (char_length(position) between 1 and 100),
  constraint match_moves_result check ((result is null) = (reason is null) and (result is null or result in ('first', 'second', 'draw')))
);
