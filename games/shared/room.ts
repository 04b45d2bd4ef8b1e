// The game's side of a two-player room (docs/game-sdk.md, "Two players"): the match as the portal last
// told it, the student's moves sent to the portal and shown at once, and events for what the other
// student did. Pure apart from the `post` it is given, so it runs in tests without a frame.
import { ROOM_GAMES, ROOM_MOVE, type RoomResult, type RoomSeat, type RoomState } from '../../src/domain/gameRoom.ts';

export interface SdkMove {
  type: 'sdk:move';
  matchId: string;
  ply: number;
  move: string;
}

export type RoomEvents = {
  state: (state: RoomState) => void;
  move: (move: string, seat: RoomSeat) => void;
  end: (result: RoomResult) => void;
};
export type RoomEvent = keyof RoomEvents;

export interface Room {
  /** The match as it stands: the portal's latest word, with this student's moves since. */
  readonly state: RoomState;
  /**
   * Plays `move` (the text the game's rules read) for this student: sent to the portal for the next ply
   * and put on `state` at once ('state' fires). False when it is not this student's turn, the match is
   * over, or the text is not a move.
   */
  move(move: string): boolean;
  /**
   * `handler` hears 'state' (every new state), 'move' (each move of the other student, in order, once)
   * or 'end' (the result, once). Returns a function that stops it.
   */
  on<E extends RoomEvent>(event: E, handler: RoomEvents[E]): () => void;
}

const EVENTS: readonly RoomEvent[] = ['state', 'move', 'end'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isSeat = (value: unknown): value is RoomSeat => value === 0 || value === 1;
const isPly = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/** Whether `value` is a room the portal could have sent; anything else is ignored. */
export function isRoomState(value: unknown): value is RoomState {
  if (!isRecord(value)) return false;
  const { matchId, game, seat, players, moves, turn, result, refused } = value;
  return (
    typeof matchId === 'string' &&
    (ROOM_GAMES as readonly unknown[]).includes(game) &&
    isSeat(seat) &&
    Array.isArray(players) &&
    players.length === 2 &&
    players.every((name) => typeof name === 'string') &&
    Array.isArray(moves) &&
    moves.every((move) => typeof move === 'string') &&
    (turn === null || isSeat(turn)) &&
    (result === null || (isRecord(result) && (result.winner === null || isSeat(result.winner)) && typeof result.reason === 'string')) &&
    (refused === null || (isRecord(refused) && isPly(refused.ply) && typeof refused.message === 'string'))
  );
}

/** A copy of only the protocol's fields, frozen: the game may keep it, and the next message changes nothing under it. */
function copy(state: RoomState): RoomState {
  return Object.freeze({
    matchId: state.matchId,
    game: state.game,
    seat: state.seat,
    players: Object.freeze([state.players[0], state.players[1]]) as unknown as [string, string],
    moves: Object.freeze([...state.moves]) as unknown as string[],
    turn: state.turn,
    result: state.result === null ? null : Object.freeze({ winner: state.result.winner, reason: state.result.reason }),
    refused: state.refused === null ? null : Object.freeze({ ply: state.refused.ply, message: state.refused.message }),
  });
}

function sharedStart(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

/**
 * The room of a match whose first state is `initial`; `post` sends a message to the portal. Returns the
 * `room` the game sees, and `receive(state)` for the SDK to hand it each portal:room.
 */
export function createRoom(initial: RoomState, post: (message: SdkMove) => void): { room: Room; receive: (state: unknown) => void } {
  let state = copy(initial);
  // Plies before this one were told to the game, or were there when it opened: never told again.
  let heard = state.moves.length;
  let ended = state.result !== null;
  const handlers: { [E in RoomEvent]: Set<RoomEvents[E]> } = { state: new Set(), move: new Set(), end: new Set() };
  // Copies of the sets: a handler that stops itself or adds another changes who hears the next event, not this one.
  const emitState = () => [...handlers.state].forEach((handler) => handler(state));

  function receive(next: unknown): void {
    if (!isRoomState(next)) return;
    const previous = state;
    state = copy(next);
    if (state.matchId !== previous.matchId) {
      heard = 0;
      ended = false;
    }
    // A move taken back (this device's, refused) is forgotten: whatever lands at its ply later is news.
    heard = Math.min(heard, sharedStart(previous.moves, state.moves));
    emitState();
    const other: RoomSeat = state.seat === 0 ? 1 : 0;
    // The seats take turns from seat 0, so a move's ply says whose it is.
    for (let ply = heard; ply < state.moves.length; ply += 1) {
      if (ply % 2 === other) [...handlers.move].forEach((handler) => handler(state.moves[ply]!, other));
    }
    heard = state.moves.length;
    const { result } = state;
    if (result !== null && !ended) {
      ended = true;
      [...handlers.end].forEach((handler) => handler(result));
    }
  }

  const room: Room = {
    get state() {
      return state;
    },
    move(move) {
      if (typeof move !== 'string' || !ROOM_MOVE.test(move)) return false;
      if (state.result !== null || state.turn !== state.seat) return false;
      post({ type: 'sdk:move', matchId: state.matchId, ply: state.moves.length, move });
      state = copy({ ...state, moves: [...state.moves, move], turn: state.seat === 0 ? 1 : 0, refused: null });
      heard = state.moves.length;
      emitState();
      return true;
    },
    on(event, handler) {
      // Games are plain JavaScript: a misspelt event would otherwise wait for ever.
      if (!EVENTS.includes(event)) throw new TypeError(`room.on: no event "${String(event)}" (there are ${EVENTS.join(', ')})`);
      const set: Set<RoomEvents[typeof event]> = handlers[event];
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
  };
  return { room, receive };
}
