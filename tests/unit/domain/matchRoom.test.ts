import { describe, expect, it } from 'vitest';
import { keepConfirmed, roomOf, type QueuedMove, type ServerMatch } from '../../../src/domain/matchRoom.ts';

const ANN = 'ann-id';
const BEN = 'ben-id';
const match = (over: Partial<ServerMatch> = {}): ServerMatch => ({
  id: 7,
  game: 'tic-tac-toe',
  status: 'active',
  firstPlayer: { id: ANN, username: 'ann' },
  secondPlayer: { id: BEN, username: 'ben' },
  result: null,
  reason: null,
  moves: [
    { ply: 1, move: '0' },
    { ply: 0, move: '4' },
  ],
  ...over,
});
const queued = (ply: number, move: string, failed = false, message: string | null = null): QueuedMove => ({ ply, move, failed, message });

describe('roomOf', () => {
  it('orders the stored moves by ply, seats each student, and says whose turn it is', () => {
    expect(roomOf(match(), ANN, [])).toEqual({
      matchId: '7',
      game: 'tic-tac-toe',
      seat: 0,
      players: ['ann', 'ben'],
      moves: ['4', '0'],
      turn: 0,
      result: null,
      refused: null,
    });
    expect(roomOf(match(), BEN, []).seat).toBe(1);
  });

  it('lays a queued move at the next ply on top, so the board shows it before the server confirms it', () => {
    const room = roomOf(match(), ANN, [queued(2, '8')]);
    expect(room.moves).toEqual(['4', '0', '8']);
    expect(room.turn).toBe(1);
  });

  it('does not lay a move twice once the server has it, nor one that does not follow on', () => {
    expect(roomOf(match(), ANN, [queued(1, '0')]).moves).toEqual(['4', '0']);
    expect(roomOf(match(), ANN, [queued(3, '8')]).moves).toEqual(['4', '0']);
  });

  it('shows a refused move as refused, with the server\'s words, and leaves it off the board', () => {
    const room = roomOf(match(), ANN, [queued(2, '4', true, 'That square is taken.')]);
    expect(room.moves).toEqual(['4', '0']);
    expect(room.refused).toEqual({ ply: 2, message: 'That square is taken.' });
    expect(room.turn).toBe(0);
  });

  it('gives the result from the server: a winner by seat, a draw, a game a moderator ended', () => {
    expect(roomOf(match({ status: 'finished', result: 'second', reason: 'three in a row' }), ANN, [])).toMatchObject({
      turn: null,
      result: { winner: 1, reason: 'three in a row' },
    });
    expect(roomOf(match({ status: 'finished', result: 'draw', reason: 'agreed' }), ANN, []).result).toEqual({ winner: null, reason: 'agreed' });
    expect(roomOf(match({ status: 'ended', reason: 'moderator' }), ANN, []).result).toEqual({ winner: null, reason: 'ended by a moderator' });
    expect(roomOf(match({ status: 'invited' }), ANN, [])).toMatchObject({ turn: null, result: null });
  });
});

describe('keepConfirmed', () => {
  const shown = roomOf(match(), ANN, [queued(2, '8')]);

  it('keeps a move that left the outbox on the board until the server\'s game holds it', () => {
    const between = roomOf(match(), ANN, []);
    expect(keepConfirmed(shown, between)).toMatchObject({ moves: ['4', '0', '8'], turn: 1 });
    const read = roomOf(match({ moves: [...match().moves, { ply: 2, move: '8' }] }), ANN, []);
    expect(keepConfirmed(shown, read)).toEqual(read);
  });

  it('shows the server\'s room as it is after a refusal, a result, another game, or moves that differ', () => {
    const refused = roomOf(match(), ANN, [queued(2, '8', true, 'No.')]);
    expect(keepConfirmed(shown, refused)).toEqual(refused);
    const over = roomOf(match({ status: 'finished', result: 'first', reason: 'resigned' }), ANN, []);
    expect(keepConfirmed(shown, over)).toEqual(over);
    const other = roomOf(match({ id: 8 }), ANN, []);
    expect(keepConfirmed(shown, other)).toEqual(other);
    const differs = roomOf(match({ moves: [{ ply: 0, move: '4' }, { ply: 1, move: '3' }] }), ANN, []);
    expect(keepConfirmed(shown, differs)).toEqual(differs);
    expect(keepConfirmed(null, other)).toEqual(other);
  });
});
