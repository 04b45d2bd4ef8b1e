import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MutationRefused } from '../../../../src/sync/effects.ts';
import { KINDS } from '../../../../src/sync/kinds/registry.ts';
import { enqueue } from '../../../../src/sync/outbox.ts';
import { freshDb, USER } from '../fakes.ts';
import { seedUser } from '../seed.ts';
import { applyThenUndo, mirrorOf } from './harness.ts';

const MOVE = { p_match_id: 42, p_ply: 6, p_move: 'e2e4' };

describe('make_match_move', () => {
  it('takes a game id, a ply and a move of any of the three games, and nothing else', () => {
    const check = (args: Record<string, unknown>) => KINDS.make_match_move.check({ args: { ...MOVE, ...args }, userId: USER });
    expect(check({})).toBeNull();
    expect(check({ p_move: 'e7e8q' })).toBeNull();
    expect(check({ p_move: '4', p_ply: 0 })).toBeNull();
    expect(check({ p_move: '12-20' })).toBeNull();
    expect(check({ p_match_id: '42' })).toBe('p_match_id must be a whole number');
    expect(check({ p_match_id: 0 })).toBe('p_match_id must be a game’s id');
    expect(check({ p_ply: 1.5 })).toBe('p_ply must be a whole number');
    expect(check({ p_ply: -1 })).toBe('p_ply must not be negative');
    expect(check({ p_move: 'E2E4' })).toBe('p_move must be a move of the game');
    expect(check({ p_move: '' })).toBe('p_move must be a move of the game');
    expect(check({ p_move: 'a'.repeat(13) })).toBe('p_move must be a move of the game');
    expect(check({ p_move: undefined })).toBe('p_move must be a move of the game');
  });

  it('queues nothing for a malformed move', async () => {
    const { db } = freshDb();
    await expect(enqueue(db, { kind: 'make_match_move', args: { ...MOVE, p_move: 'e2 e4' }, userId: USER })).rejects.toEqual(
      new MutationRefused('p_move must be a move of the game'),
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('is queued without changing the mirror (the match page shows it from the outbox), and undoes nothing', async () => {
    const { db } = freshDb();
    await seedUser(db);
    const before = await mirrorOf(db);
    const { applied, undone } = await applyThenUndo(db, 'make_match_move', MOVE, new Date());
    expect(applied).toEqual(before);
    expect(undone).toEqual(before);
    const item = await enqueue(db, { kind: 'make_match_move', args: MOVE, userId: USER });
    expect(await db.outbox.get(item.seq)).toMatchObject({ kind: 'make_match_move', args: MOVE, status: 'queued', undo: {} });
  });
});
