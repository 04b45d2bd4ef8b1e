import { describe, expect, it } from 'vitest';
import type { RoomResult, RoomSeat, RoomState } from '../../../src/domain/gameRoom.ts';
import { createRoom, isRoomState, type SdkMove } from '../../../games/shared/room.ts';
import { roomStatus, resultText } from '../../../games/shared/roomText.ts';

const MATCH = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const state = (overrides: Partial<RoomState> = {}): RoomState => ({
  matchId: MATCH,
  game: 'tic-tac-toe',
  seat: 0,
  players: ['ana', 'ben'],
  moves: [],
  turn: 0,
  result: null,
  refused: null,
  ...overrides,
});

/** Ana's side of a room (seat 0 unless told), recording what it posts and every event. */
function open(initial: RoomState = state()) {
  const posted: SdkMove[] = [];
  const { room, receive } = createRoom(initial, (m) => posted.push(m));
  const states: RoomState[] = [];
  const moves: [string, RoomSeat][] = [];
  const ends: RoomResult[] = [];
  room.on('state', (s) => states.push(s));
  room.on('move', (m, seat) => moves.push([m, seat]));
  room.on('end', (r) => ends.push(r));
  return { room, receive, posted, states, moves, ends };
}

describe('the SDK room', () => {
  it('sends a move for the next ply and shows it at once, the turn handed over', () => {
    const r = open();
    expect(r.room.move('4')).toBe(true);
    expect(r.posted).toEqual([{ type: 'sdk:move', matchId: MATCH, ply: 0, move: '4' }]);
    expect(r.room.state).toMatchObject({ moves: ['4'], turn: 1 });
    expect(r.states).toEqual([r.room.state]);
    // Her own move is no news to her.
    expect(r.moves).toEqual([]);
  });

  it('plays nothing out of turn, after the result, or for text that is not a move', () => {
    const waiting = open(state({ moves: ['4'], turn: 1 }));
    expect(waiting.room.move('0')).toBe(false);
    const over = open(state({ moves: ['0', '3', '1', '4', '2'], turn: null, result: { winner: 0, reason: 'three in a row' } }));
    expect(over.room.move('8')).toBe(false);
    const r = open();
    expect(r.room.move('E2E4')).toBe(false);
    expect(r.room.move('a'.repeat(13))).toBe(false);
    expect(r.room.move(4 as unknown as string)).toBe(false);
    expect([...waiting.posted, ...over.posted, ...r.posted]).toEqual([]);
    // One move, then no second before the reply.
    expect(r.room.move('4')).toBe(true);
    expect(r.room.move('0')).toBe(false);
    expect(r.posted).toHaveLength(1);
  });

  it("tells each of the other student's moves once, in order, even when the portal repeats the state", () => {
    const r = open();
    r.room.move('4');
    r.receive(state({ moves: ['4'], turn: 1 }));
    r.receive(state({ moves: ['4', '0'], turn: 0 }));
    r.receive(state({ moves: ['4', '0'], turn: 0 }));
    r.room.move('8');
    // Moves made meanwhile (Ana went on from her other device) arrive together; ben's odd plies are news.
    r.receive(state({ moves: ['4', '0', '8', '2', '6', '1'], turn: 0 }));
    expect(r.moves).toEqual([
      ['0', 1],
      ['2', 1],
      ['1', 1],
    ]);
  });

  it("tells the second seat of the first seat's moves", () => {
    const r = open(state({ seat: 1, moves: ['4'], turn: 1 }));
    r.room.move('0');
    r.receive(state({ seat: 1, moves: ['4', '0', '8'], turn: 1 }));
    expect(r.moves).toEqual([['8', 0]]);
  });

  it('takes a refused move back, and tells a reply at that ply later as news', () => {
    const r = open(state({ moves: ['4', '0'], turn: 0 }));
    r.room.move('0');
    r.receive(state({ moves: ['4', '0'], turn: 0, refused: { ply: 2, message: 'Cell 0 is taken.' } }));
    expect(r.room.state).toMatchObject({ moves: ['4', '0'], turn: 0, refused: { ply: 2, message: 'Cell 0 is taken.' } });
    expect(roomStatus(r.room.state)).toBe('Your move: the last one was refused. Cell 0 is taken.');
    r.room.move('8');
    expect(r.room.state.refused).toBeNull();
    r.receive(state({ moves: ['4', '0', '8', '2'], turn: 0 }));
    expect(r.moves).toEqual([['2', 1]]);
  });

  it('tells the result once', () => {
    const r = open(state({ moves: ['4', '0'], turn: 0 }));
    const won = { winner: 0 as const, reason: 'resigned' };
    r.receive(state({ moves: ['4', '0'], turn: null, result: won }));
    r.receive(state({ moves: ['4', '0'], turn: null, result: won }));
    expect(r.ends).toEqual([won]);
    expect(r.states).toHaveLength(2);
  });

  it('ignores a state that is not a room, and stops a handler on request', () => {
    const r = open();
    r.receive({ ...state(), seat: 2 });
    r.receive({ ...state(), moves: '4' });
    r.receive(null);
    expect(r.states).toEqual([]);
    const heard: RoomState[] = [];
    const stop = r.room.on('state', (s) => heard.push(s));
    stop();
    r.receive(state({ moves: ['4'], turn: 1 }));
    expect(heard).toEqual([]);
    expect(() => r.room.on('moved' as 'move', () => undefined)).toThrow(TypeError);
  });

  it('keeps its state apart from what the game or the portal hold', () => {
    const sent = state({ moves: ['4'], turn: 1 });
    const r = open(sent);
    sent.moves.push('0');
    expect(r.room.state.moves).toEqual(['4']);
    expect(() => r.room.state.moves.push('8')).toThrow(TypeError);
  });

  it('knows a room the portal could send', () => {
    expect(isRoomState(state({ result: { winner: null, reason: 'draw agreed' }, turn: null }))).toBe(true);
    expect(isRoomState(state({ refused: { ply: 0, message: 'It is not your turn.' } }))).toBe(true);
    expect(isRoomState({ ...state(), game: 'snake' })).toBe(false);
    expect(isRoomState({ ...state(), players: ['ana'] })).toBe(false);
    expect(isRoomState({ ...state(), refused: { ply: -1, message: 'x' } })).toBe(false);
    expect(isRoomState({ ...state(), result: { winner: 2, reason: 'x' } })).toBe(false);
  });
});

describe('the words of a room', () => {
  const players = ['ana', 'ben'] as const;

  it('says whose move it is, by name', () => {
    expect(roomStatus(state())).toBe('Your move');
    expect(roomStatus(state({ seat: 1 }))).toBe('Waiting for ana');
  });

  it('says how the match ended from the student\'s side', () => {
    expect(resultText({ winner: 0, reason: 'checkmate' }, 0, players)).toBe('You won by checkmate');
    expect(resultText({ winner: 0, reason: 'checkmate' }, 1, players)).toBe('ana won by checkmate');
    expect(resultText({ winner: 1, reason: 'resigned' }, 1, players)).toBe('You won: ana resigned');
    expect(resultText({ winner: 1, reason: 'resigned' }, 0, players)).toBe('You resigned: ben won');
    expect(resultText({ winner: 0, reason: 'out of time' }, 0, players)).toBe('You won: ben ran out of time');
    expect(resultText({ winner: 0, reason: 'out of time' }, 1, players)).toBe('You ran out of time: ana won');
    expect(resultText({ winner: null, reason: 'draw agreed' }, 0, players)).toBe('Draw agreed');
    expect(resultText({ winner: null, reason: 'agreed' }, 1, players)).toBe('Draw agreed');
    expect(resultText({ winner: null, reason: 'ended by a moderator' }, 1, players)).toBe('Match ended by a moderator');
    expect(resultText({ winner: null, reason: 'stalemate' }, 1, players)).toBe('Draw: stalemate');
    expect(roomStatus(state({ turn: null, result: { winner: 1, reason: 'three in a row' } }))).toBe('ben won by three in a row');
  });
});
