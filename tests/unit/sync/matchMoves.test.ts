import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MatchMoveAnswer, MatchMoveRequest } from '../../../src/backend/functions.types.ts';
import { queueMatchMove } from '../../../src/data/matchMoves.ts';
import { queueMutation, discardMutation } from '../../../src/data/queue.ts';
import { readQueuedMoves } from '../../../src/data/reads/matchMoves.ts';
import { createDataSource } from '../../../src/data/source.ts';
import type { PortalDB } from '../../../src/store/db.ts';
import { createSyncEngine, type SyncEngine } from '../../../src/sync/engine.ts';
import { createMemoryLock } from '../../../src/sync/lock.ts';
import { createSupabaseTransport } from '../../../src/sync/supabaseTransport.ts';
import { clientAnswering, json } from './fakeSupabase.ts';
import { freshDb, ManualTimer, until, USER } from './fakes.ts';
import { seedUser } from './seed.ts';

// The outbox, the engine and the supabase-js transport as the app runs them, against a server whose
// match-move keeps each mutationId's first answer and gives it again, as the function's contract says.

const OTHER = '00000000-0000-4000-8000-000000000002';

/** match-move and apply_mutations on one fake server; `answer` decides a move it has not seen. */
class FakeServer {
  readonly moveRequests: MatchMoveRequest[] = [];
  readonly rpcBatches: string[][] = [];
  /** The moves stored, by mutationId: each at most once. */
  readonly stored = new Map<string, MatchMoveAnswer>();
  /** The next move is stored, and then the connection drops before its answer reaches the device. */
  loseNextAnswer = false;
  answer: (request: MatchMoveRequest) => Response | null = () => null;

  readonly supabase = clientAnswering((url, init) => {
    const body = JSON.parse(init.body as string);
    if (url.pathname === '/rest/v1/rpc/apply_mutations') {
      const ops = body.p_ops as { id: string }[];
      this.rpcBatches.push(ops.map((op) => op.id));
      return json(200, ops.map((op) => ({ id: op.id, ok: true, result: null })));
    }
    if (url.pathname === '/functions/v1/match-move') return this.move(body as MatchMoveRequest);
    return json(404, { message: 'no such route' });
  });

  private move(request: MatchMoveRequest): Response {
    this.moveRequests.push(request);
    const earlier = this.stored.get(request.mutationId);
    if (earlier) return json(200, earlier);
    const decided = this.answer(request);
    if (decided) return decided;
    const answer: MatchMoveAnswer = {
      ok: true,
      matchId: request.matchId,
      ply: request.ply + 1,
      move: request.move,
      position: 'x........',
      turn: OTHER,
      status: 'active',
      result: null,
      winner: null,
      reason: null,
    };
    this.stored.set(request.mutationId, answer);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new TypeError('fetch failed');
    }
    return json(200, answer);
  }
}

const engines: SyncEngine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.stop();
});

function setup(db: PortalDB, server: FakeServer, online: { now: boolean } = { now: true }, onRenew: () => void = () => undefined) {
  const client = server.supabase.client;
  const notices: string[] = [];
  const timer = new ManualTimer();
  const events = new EventTarget();
  const renewals = { count: 0 };
  const engine = createSyncEngine({
    db,
    transport: {
      ...createSupabaseTransport(client),
      refreshSession: async () => {
        renewals.count += 1;
        onRenew();
        return true;
      },
    },
    notify: (message) => notices.push(message),
    reconcile: () => undefined,
    getUserId: () => USER,
    isOnline: () => online.now,
    lock: createMemoryLock(),
    timer,
    events,
  });
  engines.push(engine);
  const data = createDataSource(client, db);
  return { engine, notices, timer, events, renewals, data };
}

describe('a move through the outbox', () => {
  it('is kept while offline, then sent once, after what was queued before it, when the network comes back', async () => {
    const { db } = freshDb();
    await seedUser(db);
    const server = new FakeServer();
    const online = { now: false };
    const { engine, events, data } = setup(db, server, online);
    engine.start();

    const play = await queueMutation(data, { kind: 'record_app_played', args: { p_app_id: 'tic-tac-toe' }, userId: USER });
    const move = await queueMatchMove(data, USER, { matchId: 42, ply: 4, move: '8' });
    expect(await readQueuedMoves(data, USER, 42)).toEqual([{ id: move.id, ply: 4, move: '8', status: 'queued', refusal: null }]);
    expect(await readQueuedMoves(data, USER, 43)).toEqual([]);
    expect(server.supabase.requests).toEqual([]);

    online.now = true;
    events.dispatchEvent(new Event('online'));
    await until(async () => (await db.outbox.count()) === 0);

    expect(server.supabase.requests.map((r) => r.url.pathname)).toEqual(['/rest/v1/rpc/apply_mutations', '/functions/v1/match-move']);
    expect(server.rpcBatches).toEqual([[play.id]]);
    expect(server.moveRequests).toEqual([{ matchId: 42, ply: 4, move: '8', mutationId: move.id }]);
    expect(await readQueuedMoves(data, USER, 42)).toEqual([]);
  });

  it('is confirmed once when its answer was lost and it is sent again: the server gives the first answer', async () => {
    const { db } = freshDb();
    await seedUser(db);
    const server = new FakeServer();
    server.loseNextAnswer = true;
    const { engine, timer, notices, data } = setup(db, server);
    engine.start();
    const move = await queueMatchMove(data, USER, { matchId: 42, ply: 6, move: 'e2e4' });

    await until(() => timer.scheduled.length === 1);
    expect(server.stored.size).toBe(1);
    expect(await readQueuedMoves(data, USER, 42)).toMatchObject([{ id: move.id, status: 'queued', refusal: null }]);

    timer.fire();
    await until(() => engine.getStatus().state === 'idle' && engine.getStatus().pending === 0);

    expect(server.moveRequests.map((r) => r.mutationId)).toEqual([move.id, move.id]);
    expect(server.stored.size).toBe(1);
    expect(notices).toEqual([]);
    expect(engine.getStatus().failed).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('lets what was answered before it be confirmed when its own request fails, and is sent again after a back-off', async () => {
    const { db } = freshDb();
    await seedUser(db);
    const server = new FakeServer();
    let down = true;
    server.answer = () => (down ? json(502, { ok: false, code: 'server_error', message: 'Try again in a moment.' }) : null);
    const { engine, notices, data } = setup(db, server);
    const play = await queueMutation(data, { kind: 'record_app_played', args: { p_app_id: 'chess' }, userId: USER });
    const move = await queueMatchMove(data, USER, { matchId: 42, ply: 6, move: 'e2e4' });

    const report = await engine.drainNow();

    expect(report).toMatchObject({ calls: 1, confirmed: 1, failed: 0, retryInMs: 200 });
    expect((await db.outbox.toArray()).map((item) => [item.id, item.status])).toEqual([[move.id, 'queued']]);
    down = false;
    expect(await engine.drainNow()).toMatchObject({ calls: 1, confirmed: 1, failed: 0 });
    expect(await db.outbox.count()).toBe(0);
    expect(server.rpcBatches).toEqual([[play.id]]);
    expect(server.moveRequests.map((r) => r.mutationId)).toEqual([move.id, move.id]);
    expect(notices).toEqual([]);
  });

  it('is taken back when refused, with the server’s words, and stays beside the board until the student lets it go', async () => {
    const { db } = freshDb();
    await seedUser(db);
    const server = new FakeServer();
    const message = 'The other player has moved already.';
    server.answer = () => json(409, { ok: false, code: 'wrong_ply', message });
    const { engine, notices, data } = setup(db, server);
    const move = await queueMatchMove(data, USER, { matchId: 42, ply: 6, move: 'e2e4' });

    const report = await engine.drainNow();

    expect(report).toMatchObject({ calls: 1, confirmed: 0, failed: 1, retryInMs: null });
    expect(notices).toEqual([message]);
    expect(await readQueuedMoves(data, USER, 42)).toEqual([
      { id: move.id, ply: 6, move: 'e2e4', status: 'failed', refusal: { code: 'wrong_ply', message } },
    ]);
    await engine.drainNow();
    expect(server.moveRequests).toHaveLength(1);

    await discardMutation(data, move.id);
    expect(await readQueuedMoves(data, USER, 42)).toEqual([]);
  });

  it('renews the session when its token is refused, and sends the same move again', async () => {
    const { db } = freshDb();
    await seedUser(db);
    const server = new FakeServer();
    let expired = true;
    server.answer = () => (expired ? json(401, { ok: false, code: 'not_signed_in', message: 'Sign in again to play.' }) : null);
    const { engine, notices, renewals, data } = setup(db, server, { now: true }, () => {
      expired = false;
    });
    const move = await queueMatchMove(data, USER, { matchId: 42, ply: 6, move: 'e2e4' });

    await engine.drainNow();

    expect(renewals.count).toBe(1);
    expect(server.moveRequests.map((r) => r.mutationId)).toEqual([move.id, move.id]);
    expect(server.stored.size).toBe(1);
    expect(notices).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });
});
