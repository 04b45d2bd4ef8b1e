// A two-player room as the game in the frame sees it (docs/game-sdk.md, "Two players"): the portal
// tells the game the match so far, and takes the game's moves only when they fit it. The server judges
// each move against the game's rules; this side only makes sure the frame speaks for its own seat, in
// its turn, at the next ply, so a forged or doubled message never reaches the server as a move.

export const ROOM_GAMES = ['chess', 'tic-tac-toe', 'hex-conquest'] as const;
export type RoomGame = (typeof ROOM_GAMES)[number];

/** Seat 0 moves first; the seats then take turns, so ply n is seat n % 2's. */
export type RoomSeat = 0 | 1;

export interface RoomResult {
  /** Null: a draw. */
  winner: RoomSeat | null;
  /** Plain words: "checkmate", "resigned", "out of time", "draw agreed". */
  reason: string;
}

/** The server refused this device's move at `ply`; the moves list no longer has it. */
export interface RoomRefusal {
  ply: number;
  message: string;
}

export interface RoomState {
  /** The server's id of the match, as text (ROOM_MATCH_ID). */
  matchId: string;
  game: RoomGame;
  /** The side this student plays. */
  seat: RoomSeat;
  /** Usernames by seat. */
  players: [string, string];
  /** Every move so far in order, this device's moves not yet confirmed included. */
  moves: string[];
  /** Null once finished. */
  turn: RoomSeat | null;
  result: RoomResult | null;
  refused: RoomRefusal | null;
}

/** A move the game asks to play: the text the server's rules read, at the ply it would take. */
export interface RoomMove {
  matchId: string;
  ply: number;
  move: string;
}

/**
 * What every game's move looks like on the wire: chess in UCI ("e7e8q"), Tic Tac Toe a cell ("4"),
 * Hex Conquest "from-to" ("12-20"). Twelve characters leave room for all three and nothing else.
 */
export const ROOM_MOVE = /^[a-z0-9-]{1,12}$/;

/**
 * A match id as text: the server's matches are numbered (a bigint, at most 19 digits), and a UUID is
 * taken too, so a host that names its matches so can frame the same games.
 */
export const ROOM_MATCH_ID = /^(?:[1-9][0-9]{0,18}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export type RoomMoveVerdict = 'ok' | 'no-room' | 'other-match' | 'wrong-ply' | 'not-your-turn';

/** Whether the frame may play `move` in `room` now; anything but 'ok' is ignored. */
export function checkRoomMove(room: RoomState | null, move: RoomMove): RoomMoveVerdict {
  if (room === null) return 'no-room';
  if (move.matchId !== room.matchId) return 'other-match';
  if (move.ply !== room.moves.length) return 'wrong-ply';
  if (room.result !== null || room.turn !== room.seat) return 'not-your-turn';
  return 'ok';
}

/**
 * The room once the frame's move is taken, before the server has answered: the move is on the list and
 * the other seat is to play, so the same move posted twice is the wrong ply the second time.
 */
export function withRoomMove(room: RoomState, move: RoomMove): RoomState {
  return { ...room, moves: [...room.moves, move.move], turn: room.seat === 0 ? 1 : 0, refused: null };
}
