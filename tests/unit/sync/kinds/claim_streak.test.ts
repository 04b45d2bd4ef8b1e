import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { putServerCoins, putServerStreak } from '../../../../src/data/mirror.ts';
import { STREAK_CLAIM_TOO_SOON } from '../../../../src/domain/messages.ts';
import { MutationRefused } from '../../../../src/sync/effects.ts';
import { KINDS } from '../../../../src/sync/kinds/registry.ts';
import { enqueue } from '../../../../src/sync/outbox.ts';
import { drainOnce, freshDb, refuseAll, USER } from '../fakes.ts';
import { seedUser } from '../seed.ts';
import { applyThenUndo, markSent, mirrorOf, stored, withoutRolledBack } from './harness.ts';

const NOW = new Date('2025-10-10T12:00:00Z');
const RUNNING = { user_id: USER, current_streak: 4, longest_streak: 9, last_claim: '2025-10-09T06:00:00.000Z' };

describe('claim_streak', () => {
  it('takes no arguments to check', () => {
    expect(KINDS.claim_streak.check({ args: {}, userId: USER })).toBeNull();
  });

  it('moves the streak on and credits the doubled reward of a running streak, both pending', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    await db.streak.put(RUNNING);
    const claim = await enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: NOW });
    expect(await db.streak.get(USER)).toEqual({ user_id: USER, current_streak: 5, longest_streak: 9, last_claim: NOW.toISOString(), pendingOpId: claim.id });
    expect(await db.coins.get(USER)).toMatchObject({ balance: 1200, coinsGainedThisBattlePass: 1200, pending: [claim.id] });
  });

  it('is undone exactly: the streak row it found, with an older waiting claim’s mark, and the balance', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    await db.streak.put({ ...RUNNING, pendingOpId: 'older-claim' });
    const before = await mirrorOf(db);
    const { applied, undone } = await applyThenUndo(db, 'claim_streak', {}, NOW, ['older-claim']);
    expect(applied.streak).toMatchObject({ current_streak: 5, pendingOpId: 'op-under-test' });
    expect(undone).toEqual(before);
  });

  it('drops a mark whose claim the server has confirmed since, when undone', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    await db.streak.put({ ...RUNNING, pendingOpId: 'confirmed-since' });
    const { undone } = await applyThenUndo(db, 'claim_streak', {}, new Date('2025-10-10T07:00:00Z'));
    expect(undone.streak).toEqual(RUNNING);
  });

  it('is refused on the device within a day of the last claim', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    await db.streak.put({ ...RUNNING, last_claim: '2025-10-10T00:00:00.000Z' });
    await expect(enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: NOW })).rejects.toEqual(new MutationRefused(STREAK_CLAIM_TOO_SOON));
    expect(await db.outbox.count()).toBe(0);
  });

  it('leaves the mirror as it was when the server refuses, the claim kept in the history as rolled back', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    await db.streak.put(RUNNING);
    const before = await mirrorOf(db);
    const claim = await enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: NOW });
    await drainOnce(db, refuseAll(STREAK_CLAIM_TOO_SOON));
    const after = await mirrorOf(db);
    expect(withoutRolledBack(after)).toEqual(before);
    expect(after.ledger).toEqual([expect.objectContaining({ key: `${claim.id}:0`, amt: 200, status: 'rolled_back' })]);
  });

  it('is derived again over a fresh server streak: a lapsed streak on the server earns no bonus', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    await db.streak.put(RUNNING);
    const claim = await enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: NOW });
    // Another device's data says the streak lapsed: the queued claim now starts it at 1, for 100.
    await putServerStreak(db, USER, { current_streak: 2, longest_streak: 9, last_claim: '2025-10-01T06:00:00.000Z' });
    expect(await db.streak.get(USER)).toEqual({ user_id: USER, current_streak: 1, longest_streak: 9, last_claim: NOW.toISOString(), pendingOpId: claim.id });
    expect(await db.coins.get(USER)).toMatchObject({ balance: 1100, pending: [claim.id] });
    expect(await db.ledger.get(`${claim.id}:0`)).toMatchObject({ amt: 100, why: 'streak claim', status: 'pending' });
    expect((await stored(db, claim))?.rebasedAfterSend).toBeUndefined();
  });

  it('stays queued with nothing shown when a sent claim is already in the server’s rows, and is not counted twice', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    await db.streak.put(RUNNING);
    const claim = await enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: NOW });
    await markSent(db, claim);
    // The server applied it (a second later, by its clock); its answer has not arrived.
    await putServerCoins(db, USER, { coins: 1200, coinsGainedThisBattlePass: 1200 });
    await putServerStreak(db, USER, { current_streak: 5, longest_streak: 9, last_claim: '2025-10-10T12:00:01.000Z' });

    expect(await db.streak.get(USER)).toEqual({ user_id: USER, current_streak: 5, longest_streak: 9, last_claim: '2025-10-10T12:00:01.000Z' });
    expect(await db.coins.get(USER)).toEqual({ user_id: USER, balance: 1200, coinsGainedThisBattlePass: 1200, pending: [] });
    expect(await db.ledger.count()).toBe(0);
    expect(await stored(db, claim)).toMatchObject({ status: 'sending', undo: null, rebasedAfterSend: true });

    // The answer arrives: nothing left to settle, and the mirror still shows the server's numbers.
    await db.outbox.update(claim.seq, { status: 'queued' });
    await drainOnce(db, undefined, USER, NOW.getTime() + 2000);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.coins.get(USER)).toMatchObject({ balance: 1200, pending: [] });
  });
});
