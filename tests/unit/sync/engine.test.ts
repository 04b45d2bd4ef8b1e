import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxItem, PortalDB } from '../../../src/store/db.ts';
import { putServerCoins } from '../../../src/data/mirror.ts';
import { NOT_ENOUGH_COINS, PROOF_UPLOAD_FAILED, RESEND_EXPIRED } from '../../../src/domain/messages.ts';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions, type SyncStatus } from '../../../src/sync/engine.ts';
import { createMemoryLock } from '../../../src/sync/lock.ts';
import { discard, enqueue, pendingCount } from '../../../src/sync/outbox.ts';
import { TransportError } from '../../../src/sync/transport.ts';
import { FakeServer, freshDb, ManualTimer, until, USER } from './fakes.ts';
import { seedUser } from './seed.ts';

const NOW = new Date('2025-10-10T12:00:00Z');
const engines: SyncEngine[] = [];

afterEach(() => {
  for (const engine of engines.splice(0)) engine.stop();
});

function setup(db: PortalDB, server: FakeServer, extra: Partial<SyncEngineOptions> = {}) {
  const notices: { message: string; item: OutboxItem }[] = [];
  const reconciled: string[] = [];
  const timer = new ManualTimer();
  const engine = createSyncEngine({
    db,
    transport: server,
    notify: (message, item) => notices.push({ message, item }),
    reconcile: (userId) => {
      reconciled.push(userId);
    },
    getUserId: () => USER,
    isOnline: () => true,
    lock: createMemoryLock(),
    timer,
    ...extra,
  });
  engines.push(engine);
  return { engine, notices, reconciled, timer };
}

async function queueTicks(db: PortalDB, n: number, now?: Date): Promise<OutboxItem[]> {
  const made: OutboxItem[] = [];
  for (let i = 0; i < n; i++) {
    made.push(await enqueue(db, { kind: 'increment_time_spent', args: { user_id: USER, increment_value: 5 }, userId: USER }, now ? { now } : {}));
  }
  return made;
}

const serverError = () => new TransportError({ kind: 'http', status: 500, message: 'Internal Server Error' });

describe('draining', () => {
  it('sends in seq order, confirms, and keeps the effects as confirmed', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const claim = await enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: NOW });
    const buy = await enqueue(db, { kind: 'buy_item', args: { p_item_id: 'sword_cursor' }, userId: USER });
    const server = new FakeServer();
    const { engine } = setup(db, server);

    const report = await engine.drainNow();

    expect(report).toMatchObject({ ran: true, calls: 1, confirmed: 2, failed: 0 });
    expect(server.calls[0]!.map((op) => [op.id, op.kind])).toEqual([
      [claim.id, 'claim_streak'],
      [buy.id, 'buy_item'],
    ]);
    expect(server.calls[0]![1]!.args).toEqual({ p_item_id: 'sword_cursor' });
    expect(await db.outbox.count()).toBe(0);
    expect((await db.ledger.toArray()).map((e) => e.status)).toEqual(['confirmed', 'confirmed']);
    expect(await db.coins.get(USER)).toMatchObject({ balance: 300, pending: [] });
    expect(await db.items.get([USER, 'sword_cursor'])).not.toHaveProperty('pendingOpId');
    expect(await db.streak.get(USER)).not.toHaveProperty('pendingOpId');
    expect(engine.getStatus()).toMatchObject({ state: 'idle', pending: 0, failed: [] });
  });

  it('parks an item sent before and unconfirmed 28 days after it was queued, and still sends one never sent', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const DAY = 24 * 60 * 60 * 1000;
    const old = new Date(NOW.getTime() - 28 * DAY);
    const [sentBefore, neverSent] = [await queueTicks(db, 1, old), await queueTicks(db, 1, old)].flat();
    await db.outbox.update(sentBefore!.seq, { attempts: 1 });
    const server = new FakeServer();
    const { engine, notices, reconciled } = setup(db, server, { now: () => NOW.getTime() });

    const report = await engine.drainNow();

    expect(server.calls.flat().map((op) => op.id)).toEqual([neverSent!.id]);
    expect(report).toMatchObject({ confirmed: 1, failed: 1 });
    expect(notices.map((n) => [n.message, n.item.id])).toEqual([[RESEND_EXPIRED, sentBefore!.id]]);
    expect(reconciled).toContain(USER);
    expect(await db.outbox.toArray()).toMatchObject([{ id: sentBefore!.id, status: 'failed', lastError: { message: RESEND_EXPIRED } }]);
  });

  it('drains 1,000 queued mutations in 10 calls of 100', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const made = await queueTicks(db, 1000);
    const server = new FakeServer();
    const { engine } = setup(db, server);

    const report = await engine.drainNow();

    expect(server.calls).toHaveLength(10);
    expect(server.calls.every((ops) => ops.length === 100)).toBe(true);
    expect(server.calls.flat().map((op) => op.id)).toEqual(made.map((i) => i.id));
    expect(report.confirmed).toBe(1000);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.coins.get(USER)).toMatchObject({ balance: 5000, pending: [] });
  }, 60_000);

  it('leaves the rest queued after a 500 mid-drain and sends it later, each id applied once', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    await queueTicks(db, 250);
    const server = new FakeServer();
    server.decide = (op) => ({ id: op.id, ok: true, result: null });
    const { engine } = setup(db, server);
    let call = 0;
    const apply = server.applyMutations.bind(server);
    server.applyMutations = async (ops) => {
      call += 1;
      if (call === 2) {
        server.calls.push(ops);
        throw serverError();
      }
      return apply(ops);
    };

    const first = await engine.drainNow();
    expect(first).toMatchObject({ calls: 2, confirmed: 100, retryInMs: 200 });
    expect(await pendingCount(db, USER)).toBe(150);
    expect(engine.getStatus()).toMatchObject({ state: 'error', pending: 150, lastError: 'Internal Server Error' });
    const waiting = await db.outbox.orderBy('seq').toArray();
    expect(waiting.every((i) => i.status === 'queued')).toBe(true);
    expect(waiting[0]!.lastError).toEqual({ message: 'Internal Server Error' });

    const second = await engine.drainNow();
    expect(second.confirmed).toBe(150);
    expect(await db.outbox.count()).toBe(0);
    expect(server.applyCount.size).toBe(250);
    expect(server.doubleApplied()).toEqual([]);
    expect(engine.getStatus()).toMatchObject({ state: 'idle', pending: 0, lastError: null });
  }, 30_000);

  it('backs off 200, 400, 800 ms and starts again at once when the browser comes online', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    await queueTicks(db, 3);
    const server = new FakeServer();
    const offlineError = () => new TransportError({ kind: 'network', message: 'TypeError: Failed to fetch' });
    server.failNext.push(offlineError(), offlineError(), offlineError(), offlineError());
    const events = new EventTarget();
    const { engine, timer } = setup(db, server, { events });

    engine.start();
    await until(() => timer.scheduled.length === 1);
    timer.fire();
    await until(() => timer.history.length === 2 && timer.scheduled.length === 1);
    timer.fire();
    await until(() => timer.history.length === 3 && timer.scheduled.length === 1);
    expect(timer.history).toEqual([200, 400, 800]);

    events.dispatchEvent(new Event('online'));
    await until(() => timer.history.length === 4);
    expect(timer.history[3]).toBe(200);
    expect(timer.scheduled).toHaveLength(1);

    events.dispatchEvent(new Event('online'));
    await until(async () => (await db.outbox.count()) === 0);
    expect(server.calls.every((ops) => ops.length === 3)).toBe(true);
    expect(server.doubleApplied()).toEqual([]);
  });

  it('drains by itself once started when something is queued', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const server = new FakeServer();
    const { engine } = setup(db, server);
    const seen: SyncStatus[] = [];
    engine.subscribe((s) => seen.push(s));
    engine.start();
    await queueTicks(db, 2);
    await until(async () => (await db.outbox.count()) === 0 && engine.getStatus().state === 'idle' && engine.getStatus().pending === 0);
    expect(seen.some((s) => s.state === 'syncing')).toBe(true);
    expect(seen.some((s) => s.pending > 0)).toBe(true);
  });

  it('sends what is queued after a drain took its last look, before that drain has finished', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const server = new FakeServer();
    const memoryLock = createMemoryLock();
    const late: OutboxItem[] = [];
    // The drain has found nothing more to send and is on its way out when the student presses Submit:
    // the outbox watch speaks while the drain still runs.
    const lock: typeof memoryLock = async (run) =>
      memoryLock(async () => {
        await run();
        if (late.length > 0) return;
        await until(() => engine.getStatus().pending === 0);
        late.push(...(await queueTicks(db, 1)));
        // The watch has seen it (its count is on the indicator) while this drain still runs.
        await until(() => engine.getStatus().pending === 1);
      });
    const { engine } = setup(db, server, { lock });
    engine.start();
    const [first] = await queueTicks(db, 1);

    await until(async () => late.length === 1 && (await db.outbox.count()) === 0);
    expect(server.calls.map((ops) => ops.map((op) => op.id))).toEqual([[first!.id], [late[0]!.id]]);
  }, 20_000);

  it.each([
    ['nobody', null],
    ['another student', 'a-classmate-signed-in-before'],
  ])('drains what a student queues after signing in on a page that started with %s signed in', async (_who, before) => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const server = new FakeServer();
    let userId: string | null = before;
    const { engine } = setup(db, server, { getUserId: () => userId });
    const seen: SyncStatus[] = [];
    engine.subscribe((s) => seen.push(s));
    engine.start();
    // The outbox watch has looked once, for whoever was signed in (the first status is the subscription's own).
    await until(() => seen.length > 1);

    userId = USER;
    await queueTicks(db, 1);
    await until(async () => (await db.outbox.count()) === 0);
    expect(server.calls).toHaveLength(1);
  });

  it('reports offline and sends nothing while the device is offline', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    await queueTicks(db, 1);
    const server = new FakeServer();
    const { engine } = setup(db, server, { isOnline: () => false });
    const report = await engine.drainNow();
    expect(report.calls).toBe(0);
    expect(server.calls).toHaveLength(0);
    expect(engine.getStatus().state).toBe('offline');
    expect(await pendingCount(db, USER)).toBe(1);
  });

  it('goes offline on the browser event, stops retrying, and drains when the network returns', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    await queueTicks(db, 2);
    const server = new FakeServer();
    server.failNext.push(serverError());
    const events = new EventTarget();
    let online = true;
    const { engine, timer } = setup(db, server, { events, isOnline: () => online });
    engine.start();
    await until(() => timer.scheduled.length === 1);

    online = false;
    events.dispatchEvent(new Event('offline'));
    expect(engine.getStatus().state).toBe('offline');
    expect(timer.scheduled).toHaveLength(0);
    expect(engine.getStatus().pending).toBe(2);

    online = true;
    events.dispatchEvent(new Event('online'));
    await until(() => engine.getStatus().state === 'idle' && engine.getStatus().pending === 0);
    expect(server.calls).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it.each([
    ['its call fails', true],
    ['it finds nothing to send', false],
  ])('stays offline when the device goes offline while a drain runs and %s', async (_how, queued) => {
    const { db } = freshDb();
    await seedUser(db, 0);
    if (queued) await queueTicks(db, 1);
    const server = new FakeServer();
    let online = true;
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const apply = server.applyMutations.bind(server);
    server.applyMutations = async (ops) => {
      await answered;
      if (!online) throw new TransportError({ kind: 'network', message: 'TypeError: Failed to fetch' });
      return apply(ops);
    };
    const events = new EventTarget();
    const { engine } = setup(db, server, { events, isOnline: () => online });
    // The drain has passed its online check and is reading the queue when the network goes.
    const drain = engine.drainNow();
    online = false;
    events.dispatchEvent(new Event('offline'));
    release();
    await drain;
    expect(engine.getStatus().state).toBe('offline');
    expect(await pendingCount(db, USER)).toBe(queued ? 1 : 0);
  });

  it("never sends another user's queued items with this session", async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: 'someone-else' });
    const server = new FakeServer();
    const { engine } = setup(db, server);
    await engine.drainNow();
    expect(server.calls).toHaveLength(0);
    expect(await pendingCount(db, 'someone-else')).toBe(1);
  });
});

describe('refusals', () => {
  it('rolls a refused purchase back, tells the user the server message and asks for the server truth', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const play = await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER });
    const buy = await enqueue(db, { kind: 'buy_item', args: { p_item_id: 'sword_cursor' }, userId: USER });
    const after = await enqueue(db, { kind: 'increment_time_spent', args: { user_id: USER, increment_value: 5 }, userId: USER });
    expect(await db.coins.get(USER)).toMatchObject({ balance: 206 });

    const server = new FakeServer();
    server.decide = (op) =>
      op.kind === 'buy_item' ? { id: op.id, ok: false, code: 'P0001', message: NOT_ENOUGH_COINS } : { id: op.id, ok: true, result: null };
    const { engine, notices, reconciled } = setup(db, server);

    const report = await engine.drainNow();

    expect(report).toMatchObject({ confirmed: 2, failed: 1 });
    expect(notices.map((n) => n.message)).toEqual([NOT_ENOUGH_COINS]);
    expect(notices[0]!.item.id).toBe(buy.id);
    expect(reconciled).toEqual([USER]);
    expect(await db.items.get([USER, 'sword_cursor'])).toBeUndefined();
    expect(await db.coins.get(USER)).toMatchObject({ balance: 1006, coinsGainedThisBattlePass: 1006, pending: [] });
    expect(await db.ledger.where('opId').equals(buy.id).toArray()).toEqual([expect.objectContaining({ status: 'rolled_back', amt: -800 })]);
    expect((await db.ledger.where('opId').anyOf(play.id, after.id).toArray()).map((e) => e.status)).toEqual(['confirmed', 'confirmed']);

    const parked = await db.outbox.toArray();
    expect(parked).toEqual([expect.objectContaining({ id: buy.id, status: 'failed', lastError: { code: 'P0001', message: NOT_ENOUGH_COINS } })]);
    expect(engine.getStatus().failed.map((i) => i.id)).toEqual([buy.id]);
    expect(engine.getStatus().pending).toBe(0);

    // A failed item is not sent again; the user dismisses it.
    await engine.drainNow();
    expect(server.calls).toHaveLength(1);
    await discard(db, buy.id);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.coins.get(USER)).toMatchObject({ balance: 1006 });
  });

  it("ends at the server's numbers when the app's reconcile writes them", async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    await enqueue(db, { kind: 'buy_item', args: { p_item_id: 'sword_cursor' }, userId: USER });
    const server = new FakeServer();
    server.decide = (op) => ({ id: op.id, ok: false, code: 'P0001', message: NOT_ENOUGH_COINS });
    const { engine } = setup(db, server, {
      // The server had spent coins elsewhere: its balance is 300.
      reconcile: async (userId) => {
        await db.coins.update(userId, { balance: 300, coinsGainedThisBattlePass: 1000 });
      },
    });
    await engine.drainNow();
    expect(await db.coins.get(USER)).toMatchObject({ balance: 300, pending: [] });
    expect(await db.items.get([USER, 'sword_cursor'])).toBeUndefined();
  });

  it('rolls back a refused streak claim and equip to what was there before', async () => {
    const { db } = freshDb();
    await seedUser(db, 1000);
    const lastClaim = '2025-10-08T09:00:00.000Z';
    await db.streak.put({ user_id: USER, current_streak: 4, longest_streak: 9, last_claim: lastClaim });
    await db.items.bulkPut([
      { user_id: USER, item: 'old_cursor', type: 'cursor', created_at: '2025-09-01', equipped: true },
      { user_id: USER, item: 'sword_cursor', type: 'cursor', created_at: '2025-09-02', equipped: false },
    ]);
    await enqueue(db, { kind: 'claim_streak', args: {}, userId: USER }, { now: NOW });
    await enqueue(db, { kind: 'set_item_equipped', args: { p_item_id: 'sword_cursor', p_equipped: true }, userId: USER });
    expect(await db.streak.get(USER)).toMatchObject({ current_streak: 1 });
    expect((await db.items.get([USER, 'old_cursor']))?.equipped).toBe(false);

    const server = new FakeServer();
    server.decide = (op) => ({ id: op.id, ok: false, code: op.kind === 'claim_streak' ? 'P0001' : '42501', message: `no ${op.kind}` });
    const { engine, notices } = setup(db, server);
    await engine.drainNow();

    expect(await db.streak.get(USER)).toEqual({ user_id: USER, current_streak: 4, longest_streak: 9, last_claim: lastClaim });
    expect((await db.items.get([USER, 'old_cursor']))?.equipped).toBe(true);
    expect((await db.items.get([USER, 'sword_cursor']))?.equipped).toBe(false);
    expect(await db.coins.get(USER)).toMatchObject({ balance: 1000 });
    expect(notices.map((n) => n.message)).toEqual(['no claim_streak', 'no set_item_equipped']);
  });

  it('finds the one operation behind a refused call by sending one at a time', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const [first, second, third] = await queueTicks(db, 3);
    const server = new FakeServer();
    const badRequest = () => new TransportError({ kind: 'http', status: 400, code: '22023', message: 'invalid increment_value' });
    server.failNext.push(badRequest(), badRequest());
    const { engine, notices } = setup(db, server);

    await engine.drainNow();

    expect(server.calls.map((ops) => ops.map((op) => op.id))).toEqual([[first!.id, second!.id, third!.id], [first!.id], [second!.id, third!.id]]);
    expect(notices.map((n) => n.message)).toEqual(['invalid increment_value']);
    expect((await db.outbox.toArray()).map((i) => [i.id, i.status])).toEqual([[first!.id, 'failed']]);
  });
});

describe('sessions', () => {
  it('refreshes the session on a 401 and retries, keeping the item', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const [tick] = await queueTicks(db, 1);
    const server = new FakeServer();
    server.failNext.push(new TransportError({ kind: 'http', status: 401, code: 'PGRST301', message: 'JWT expired' }));
    const { engine, notices } = setup(db, server);

    const report = await engine.drainNow();

    expect(server.refreshCalls).toBe(1);
    expect(server.calls.map((ops) => ops.map((op) => op.id))).toEqual([[tick!.id], [tick!.id]]);
    expect(report.confirmed).toBe(1);
    expect(notices).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('renews the session once when the answers themselves say the token expired', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const [tick] = await queueTicks(db, 1);
    const server = new FakeServer();
    let expired = true;
    server.decide = (op) => (expired ? { id: op.id, ok: false, code: 'PGRST301', message: 'JWT expired' } : { id: op.id, ok: true, result: null });
    const apply = server.applyMutations.bind(server);
    server.applyMutations = async (ops) => {
      const results = await apply(ops);
      // The server does not record an answer given to an expired token.
      if (expired) server.answers.clear();
      return results;
    };
    server.refreshSession = async () => {
      server.refreshCalls += 1;
      expired = false;
      return true;
    };
    const { engine, notices } = setup(db, server);

    await engine.drainNow();

    expect(server.refreshCalls).toBe(1);
    expect(server.calls.map((ops) => ops.map((op) => op.id))).toEqual([[tick!.id], [tick!.id]]);
    expect(notices).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps the items queued when the session cannot be renewed', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    await queueTicks(db, 2);
    const server = new FakeServer();
    server.refreshResult = false;
    server.failNext.push(new TransportError({ kind: 'http', status: 401, message: 'JWT expired' }));
    const { engine, notices } = setup(db, server);

    const report = await engine.drainNow();

    expect(report.retryInMs).toBe(200);
    expect(notices).toEqual([]);
    expect(await pendingCount(db, USER)).toBe(2);
    expect(engine.getStatus()).toMatchObject({ state: 'error', lastError: 'JWT expired' });
  });
});

describe('crashes and tabs', () => {
  it('re-sends the same ids after a crash between send and confirm; the server applies them once', async () => {
    const { db, open } = freshDb();
    await seedUser(db, 0);
    const made = await queueTicks(db, 3);
    const server = new FakeServer();
    server.hangAfterApplying = true;
    const crashed = setup(db, server).engine;
    void crashed.drainNow();
    await until(() => server.calls.length === 1);
    db.close();

    const reloaded = open();
    expect((await reloaded.outbox.toArray()).map((i) => [i.status, i.attempts])).toEqual([
      ['sending', 1],
      ['sending', 1],
      ['sending', 1],
    ]);
    server.hangAfterApplying = false;
    const { engine } = setup(reloaded, server);
    const report = await engine.drainNow();

    expect(server.calls[1]!.map((op) => op.id)).toEqual(made.map((i) => i.id));
    expect(report.confirmed).toBe(3);
    expect(server.doubleApplied()).toEqual([]);
    expect(await reloaded.outbox.count()).toBe(0);
    expect(await reloaded.coins.get(USER)).toMatchObject({ balance: 15, pending: [] });
  });

  it('lets only one of two database handles drain at a time', async () => {
    const { db: tabA, open } = freshDb();
    const tabB = open();
    await seedUser(tabA, 0);
    const fromA = await queueTicks(tabA, 2);
    const fromB = await enqueue(tabB, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER });
    const server = new FakeServer();
    let release!: () => void;
    server.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const lock = createMemoryLock();
    const a = setup(tabA, server, { lock }).engine;
    const b = setup(tabB, server, { lock }).engine;

    const draining = a.drainNow();
    await until(() => server.calls.length === 1);
    const second = await b.drainNow();
    expect(second.ran).toBe(false);
    expect(server.calls).toHaveLength(1);

    release();
    const first = await draining;
    expect(first).toMatchObject({ ran: true, confirmed: 3 });
    expect(server.calls.flat().map((op) => op.id)).toEqual([...fromA.map((i) => i.id), fromB.id]);
    expect(server.doubleApplied()).toEqual([]);
    expect(await tabB.outbox.count()).toBe(0);
    tabB.close();
  });
});

describe('score proofs', () => {
  async function queueScore(db: PortalDB): Promise<OutboxItem> {
    return enqueue(db, {
      kind: 'submit_score',
      args: { p_app_id: 'snake', p_score: 4200 },
      userId: USER,
      blob: new Blob(['fake png bytes'], { type: 'image/png' }),
      blobName: 'proof.png',
    });
  }

  it('uploads the proof to <submission id>_<file name> once the server has the score', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    await queueScore(db);
    const server = new FakeServer();
    server.decide = (op) => ({ id: op.id, ok: true, result: { id: 'f3a1c2d4-0000-4000-8000-00000000beef' } });
    const { engine } = setup(db, server);

    await engine.drainNow();

    expect(server.uploads.map((u) => u.path)).toEqual(['f3a1c2d4-0000-4000-8000-00000000beef_proof.png']);
    expect(await server.uploads[0]!.blob.text()).toBe('fake png bytes');
    expect(await db.outbox.count()).toBe(0);
  });

  it('deletes the submission and says so when the upload is refused', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const score = await queueScore(db);
    const server = new FakeServer();
    server.decide = (op) => ({ id: op.id, ok: true, result: 77 });
    server.uploadFailures.push(new TransportError({ kind: 'http', status: 400, message: 'mime type not supported' }));
    const { engine, notices } = setup(db, server);

    await engine.drainNow();

    expect(server.deleted).toEqual(['77']);
    expect(notices.map((n) => n.message)).toEqual([PROOF_UPLOAD_FAILED]);
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ id: score.id, status: 'failed' })]);
  });

  it('tries the upload again later when the network drops, re-sending the same submission id', async () => {
    const { db } = freshDb();
    await seedUser(db, 0);
    const score = await queueScore(db);
    const server = new FakeServer();
    server.decide = (op) => ({ id: op.id, ok: true, result: { id: 'sub-1' } });
    server.uploadFailures.push(new TransportError({ kind: 'network', message: 'TypeError: Failed to fetch' }));
    const { engine } = setup(db, server);

    const first = await engine.drainNow();
    expect(first.retryInMs).toBe(200);
    expect(server.deleted).toEqual([]);
    expect(await pendingCount(db, USER)).toBe(1);

    await engine.drainNow();
    expect(server.calls.map((ops) => ops[0]!.id)).toEqual([score.id, score.id]);
    expect(server.doubleApplied()).toEqual([]);
    expect(server.uploads.map((u) => u.path)).toEqual(['sub-1_proof.png']);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('refreshes while a batch is out', () => {
  it('reads the server back once it confirms an item a refresh laid over rows that may already count it', async () => {
    const { db } = freshDb();
    await seedUser(db, 10);
    await enqueue(db, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId: USER });
    const server = new FakeServer();
    let release!: () => void;
    server.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { engine, reconciled } = setup(db, server);

    const draining = engine.drainNow();
    await until(() => server.calls.length === 1);
    // A page's refresh lands while the play is out: the server's 11 may already hold it.
    await putServerCoins(db, USER, { coins: 11, coinsGainedThisBattlePass: 11 });
    expect(await db.coins.get(USER)).toMatchObject({ balance: 12 });
    release();
    await draining;

    expect(reconciled).toEqual([USER]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('reads nothing back after a drain no refresh overlapped', async () => {
    const { db } = freshDb();
    await seedUser(db, 10);
    await queueTicks(db, 2);
    const { engine, reconciled } = setup(db, new FakeServer());
    await engine.drainNow();
    expect(reconciled).toEqual([]);
  });
});
