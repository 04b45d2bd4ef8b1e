/**
 * The edge functions the outbox sends to, as the device sees them (database.types.ts is the same for the
 * database). The outbox keeps a function kind's arguments with p_ names, like an RPC's, and the outbox
 * id travels as the request's mutationId.
 */

/**
 * A move of a two-player game (issue 28), POST /functions/v1/match-move with the student's session:
 *   { "matchId": 42, "ply": 6, "move": "e2e4", "mutationId": "<uuid>" }
 * ply is how many moves the game had when this one was made; the move is chess in UCI, Tic Tac Toe a
 * cell "0".."8", Hex Conquest "from-to". The same mutationId sent again is answered as it was the first
 * time, and the move is not made twice.
 */
export type MatchMoveArgs = {
  p_match_id: number;
  p_ply: number;
  p_move: string;
};

export interface MatchMoveRequest {
  matchId: number;
  ply: number;
  move: string;
  mutationId: string;
}

/** 200: the move just stored, or the first answer to this mutationId, as it was. */
export interface MatchMoveAnswer {
  ok: true;
  matchId: number;
  /** The game's ply after this move. */
  ply: number;
  move: string;
  /** FEN for chess, the board for the others. */
  position: string;
  /** The user to move next; null once the game is over. */
  turn: string | null;
  status: 'active' | 'finished';
  result: null | 'first' | 'second' | 'draw';
  winner: string | null;
  /** Why it ended ("checkmate", ...); null while it goes on. */
  reason: string | null;
}

/**
 * The codes of a refusal, by HTTP status: 400 bad_request, 401 not_signed_in, 403 not_your_game,
 * 409 not_started, game_over, move_taken, out_of_turn, wrong_ply, time_up, mutation_reused,
 * 422 illegal_move (all final: the move is taken back), and 502 server_error (the database could not be
 * reached: the same request is sent again).
 */
export type MatchMoveRefusalCode =
  | 'bad_request'
  | 'not_signed_in'
  | 'not_your_game'
  | 'not_started'
  | 'game_over'
  | 'move_taken'
  | 'out_of_turn'
  | 'wrong_ply'
  | 'time_up'
  | 'mutation_reused'
  | 'illegal_move'
  | 'server_error';

/** Every refusal of an outbox function: its code, and a message in words for the student. */
export interface FunctionRefusal {
  ok: false;
  code: string;
  message: string;
}

/** Each outbox kind that goes to a function of its own: its arguments as the outbox holds them. */
export interface FunctionMutationArgs {
  make_match_move: MatchMoveArgs;
}
