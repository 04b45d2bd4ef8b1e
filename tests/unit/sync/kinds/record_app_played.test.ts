import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { putServerCoins } from '../../../../src/data/mirror.ts';
import { MutationRefused } from '../../../../src/sync/effects.ts';
import { KINDS } from '../../../../src/sync/kinds/registry.ts';
import { enqueue } from '../../../../src/sync/outbox.ts';
import { drainOnce, freshDb, refuseAll, USER } from '../fakes.ts';
import { seedUser } from '../seed.ts';
import { applyThenUndo, markSent, mirrorOf, stored, withoutRolledBack } from './harness.ts';

const NOW = new Date('2025-10-10T12:00:00Z');
const PLAY = { p_app_id: 'snake' };

describe('record_app_played', () => {
  it('needs the app it was played in', async () => {
    expect(KINDS.record_app_played.check({ args: PLAY, userId: USER })).toBeNull();
    expect(KINDS.record_app_played.check({ args: { p_app_id: ' ' }, userId: USER })).toBe('p_app_id is missing');
    const { db } = freshDb();
    await expect(enqueue(db, { kind: 'record_app_played', args: { p_app_id: '' }, userId: USER })).rejects.toEqual(new MutationRefused('p_app_id is missing'));
    expect(await db.outbox.count()).toBe(0);
  });

  it('credits one Dabloon, pending, and leaves the profile counters to the server', async () => {
    const { db } = freshDb();
    await seedUser(db, 10);
    const play = await enqueue(db, { kind: 'record_app_played', args: PLAY, userId: USER }, { now: NOW });
    expect(await db.coins.get(USER)).toMatchObject({ balance: 11, coinsGainedThisBattlePass: 11, pending: [play.id] });
    expect(await db.ledger.get(`${play.id}:0`)).toMatchObject({ amt: 1, why: 'app played', status: 'pending', created_at: NOW.toISOString() });
    expect((await db.profile.get(USER))?.apps_played).toBe(3);
  });

  it('is undone exactly', async () => {
    const { db } = freshDb();
    await seedUser(db, 10);
    const before = await mirrorOf(db);
    const { applied, undone } = await applyThenUndo(db, 'record_app_played', PLAY, NOW);
    expect(applied.coins?.balance).toBe(11);
    expect(undone).toEqual(before);
  });

  it('takes its coin back when the server refuses, keeping the row as rolled back', async () => {
    const { db } = freshDb();
    await seedUser(db, 10);
    const before = await mirrorOf(db);
    await enqueue(db, { kind: 'record_app_played', args: PLAY, userId: USER }, { now: NOW });
    await drainOnce(db, refuseAll('Unknown app: snake'));
    const after = await mirrorOf(db);
    expect(withoutRolledBack(after)).toEqual(before);
    expect(after.ledger.map((row) => row.status)).toEqual(['rolled_back']);
  });

  it('moves a balance that arrives after it was queued', async () => {
    const { db } = freshDb();
    const play = await enqueue(db, { kind: 'record_app_played', args: PLAY, userId: USER }, { now: NOW });
    expect(await db.coins.get(USER)).toBeUndefined();
    await putServerCoins(db, USER, { coins: 40, coinsGainedThisBattlePass: 40 });
    expect(await db.coins.get(USER)).toEqual({ user_id: USER, balance: 41, coinsGainedThisBattlePass: 41, pending: [play.id] });
  });

  it('is laid on fresh coins queued or sent, and a sent one is flagged for a read-back', async () => {
    const { db } = freshDb();
    await seedUser(db, 10);
    const sent = await enqueue(db, { kind: 'record_app_played', args: PLAY, userId: USER }, { now: NOW });
    const queued = await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'tetris' }, userId: USER }, { now: NOW });
    await markSent(db, sent);
    // The server's 51 may or may not hold the sent play: the device cannot tell, so it shows both.
    await putServerCoins(db, USER, { coins: 51, coinsGainedThisBattlePass: 51 });
    expect(await db.coins.get(USER)).toMatchObject({ balance: 53, pending: [sent.id, queued.id] });
    expect(await stored(db, sent)).toMatchObject({ status: 'sending', rebasedAfterSend: true });
    expect((await stored(db, queued))?.rebasedAfterSend).toBeUndefined();
  });
});
