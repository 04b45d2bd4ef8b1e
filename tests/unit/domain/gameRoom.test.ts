import { describe, expect, it } from 'vitest';
import { checkRoomMove, withRoomMove, type RoomState } from '../../../src/domain/gameRoom.ts';

const MATCH = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const room = (overrides: Partial<RoomState> = {}): RoomState => ({
  matchId: MATCH,
  game: 'chess',
  seat: 1,
  players: ['ana', 'ben'],
  moves: ['e2e4'],
  turn: 1,
  result: null,
  refused: null,
  ...overrides,
});

describe('checkRoomMove', () => {
  it("takes this seat's move at the next ply of its own match", () => {
    expect(checkRoomMove(room(), { matchId: MATCH, ply: 1, move: 'e7e5' })).toBe('ok');
  });

  it('turns away a move with no room open, of another match, at another ply, out of turn or after the end', () => {
    const move = { matchId: MATCH, ply: 1, move: 'e7e5' };
    expect(checkRoomMove(null, move)).toBe('no-room');
    expect(checkRoomMove(room(), { ...move, matchId: '00000000-0000-4000-8000-000000000000' })).toBe('other-match');
    // The same move again, once the first is on the list, and a move that skips one.
    expect(checkRoomMove(room(), { ...move, ply: 0 })).toBe('wrong-ply');
    expect(checkRoomMove(room(), { ...move, ply: 2 })).toBe('wrong-ply');
    expect(checkRoomMove(room({ turn: 0 }), move)).toBe('not-your-turn');
    expect(checkRoomMove(room({ turn: null, result: { winner: 0, reason: 'resigned' } }), move)).toBe('not-your-turn');
  });
});

describe('withRoomMove', () => {
  it('puts the move on the list and hands the turn over, clearing an earlier refusal', () => {
    const before = room({ refused: { ply: 1, message: 'e7-e4 is not a legal move here.' } });
    expect(withRoomMove(before, { matchId: MATCH, ply: 1, move: 'e7e5' })).toEqual(room({ moves: ['e2e4', 'e7e5'], turn: 0 }));
    expect(before.moves).toEqual(['e2e4']);
  });
});
