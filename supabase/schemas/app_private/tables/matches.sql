-- Two-player games by invite (issue 28): Chess, Tic Tac Toe and Hex Conquest between two friends.
-- A row is born an invite and lives on as the game: its position after the last move, how many
-- moves were made (ply), who moves next (first_player at an even ply) and until when (deadline: the
-- invite's end while invited, the turn's end while active). Reached only through the match RPCs and
-- the match-move function's store_match_move; no API role can use app_private.
--   pace            live: 2 minutes a turn, an invite open 10 minutes (both players at a screen);
--                   correspondence: 3 days a turn and an invite open 3 days (a move a day, at home)
--   status          invited -> active -> finished | ended (by a moderator); invited -> declined | cancelled
--   result          who won (the first or second player) or a draw, once finished
--   draw_offer_by   the player whose draw offer waits for an answer; draw_offer_ply the ply of the
--                   latest offer, kept after an answer, so that each offer needs a move in between
--   link_code       an invite by a shared link (public.create_match_link): 16 URL-safe characters of 96
--                   random bits; the seat of whoever opens it first (public.join_match_link) is null
--                   until then. The code stays on the row once used, so a late opener is told "used".
-- Declined, cancelled and lapsed invites are swept a day after they closed (app_private.sweep_old_rows);
-- games that were played stay, with their moves, for both players' records.

create table app_private.matches (
  id bigint generated always as identity primary key,
  game text not null,
  pace text not null,
  first_player uuid references auth.users (id) on delete cascade,
  second_player uuid references auth.users (id) on delete cascade,
  invited_by uuid not null,
  status text not null default 'invited',
  position text not null,
  ply integer not null default 0,
  deadline timestamptz,
  result text,
  reason text,
  draw_offer_by uuid,
  draw_offer_ply integer,
  rematch_of bigint references app_private.matches (id) on delete set null,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now(),
  link_code text,
  constraint matches_game check (game in ('chess', 'tic-tac-toe', 'hex-conquest')),
  constraint matches_pace check (pace in ('live', 'correspondence')),
  constraint matches_two_players check (first_player <> second_player),
  constraint matches_inviter_plays check (invited_by is not distinct from first_player or invited_by is not distinct from second_player),
  -- Only a link nobody took yet (waiting, or taken back) has a free seat: a game always has two players.
  constraint matches_seats check (
    (first_player is not null and second_player is not null)
    or (link_code is not null and status in ('invited', 'cancelled') and num_nonnulls(first_player, second_player) = 1)
  ),
  constraint matches_link_code check (link_code is null or link_code ~ '^[A-Za-z0-9_-]{16}$'),
  constraint matches_status check (status in ('invited', 'active', 'finished', 'declined', 'cancelled', 'ended')),
  constraint matches_position_length check (char_length(position) between 1 and 100),
  constraint matches_ply check (ply between 0 and 2000),
  constraint matches_deadline_while_open check ((status in ('invited', 'active')) = (deadline is not null)),
  constraint matches_result check ((status = 'finished') = (result is not null) and (result is null or result in ('first', 'second', 'draw'))),
  constraint matches_reason check (
    (status in ('finished', 'ended')) = (reason is not null)
    and (reason is null or reason in ('checkmate', 'stalemate', 'insufficient material', 'threefold repetition', 'fifty moves',
                   'three in a row', 'full board', 'most hexagons', 'even hexagons',
                   'resigned', 'timeout', 'agreed', 'moderator'))
  ),
  constraint matches_draw_offer check (draw_offer_by is null or (status = 'active' and draw_offer_by in (first_player, second_player)))
);
-- A student's games, from either side.
create index matches_first_player_idx on app_private.matches (first_player, status);
create index matches_second_player_idx on app_private.matches (second_player, status);
-- The hourly count of a student's invites.
create index matches_invited_by_idx on app_private.matches (invited_by, created_at);
-- One rematch per game.
create unique index matches_rematch_once_idx on app_private.matches (rematch_of);
-- A link's code finds its game, and no two links share one.
create unique index matches_link_code_idx on app_private.matches (link_code) where link_code is not null;
-- What the sweep finds: invites that closed unplayed, and invites left to lapse.
create index matches_closed_unplayed_idx on app_private.matches (finished_at) where status in ('declined', 'cancelled');
create index matches_lapsed_idx on app_private.matches (deadline) where status = 'invited';
