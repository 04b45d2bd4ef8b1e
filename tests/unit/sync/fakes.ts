import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { PortalDB } from '../../../src/store/db.ts';
import { createSyncEngine, type DrainReport } from '../../../src/sync/engine.ts';
import { createMemoryLock } from '../../../src/sync/lock.ts';
import type { MutationOp, OpResult, SyncTransport } from '../../../src/sync/transport.ts';

let counter = 0;

/**
 * A database of its own: a new IndexedDB factory and name per call, so tests never share state.
 * `cache: 'disabled'` turns off Dexie's query cache, which only live queries use; runs that open
 * thousands of databases and never watch one take half the time without it.
 */
export function freshDb(options: { cache?: 'disabled' } = {}): { db: PortalDB; open: () => PortalDB } {
  const factory = new IDBFactory();
  const name = `portal-test-${++counter}`;
  const open = () => new PortalDB(name, { indexedDB: factory, IDBKeyRange, ...options });
  return { db: open(), open };
}

export const USER = '00000000-0000-4000-8000-000000000001';

export type Decide = (op: MutationOp) => OpResult;

/** A server that refuses every operation with a rule's message (P0001), as a refused purchase or claim. */
export function refuseAll(message: string): Decide {
  return (op) => ({ id: op.id, ok: false, code: 'P0001', message });
}

/**
 * Stands in for apply_mutations on the server: answers each id once and replays that answer for
 * a repeated id, as the real RPC does. Failures queued in `failNext` are thrown by the next calls.
 */
export class FakeServer implements SyncTransport {
  readonly calls: MutationOp[][] = [];
  readonly answers = new Map<string, OpResult>();
  readonly applyCount = new Map<string, number>();
  readonly failNext: Error[] = [];
  /** Applies the next call on the server, then loses the answer (the client never hears back). */
  hangAfterApplying = false;
  /** While set, calls wait for it before answering (a slow server). */
  gate: Promise<void> | null = null;
  decide: Decide = (op) => ({ id: op.id, ok: true, result: null });

  readonly uploads: { path: string; blob: Blob }[] = [];
  readonly uploadFailures: Error[] = [];
  readonly deleted: string[] = [];
  refreshCalls = 0;
  refreshResult = true;

  async applyMutations(ops: MutationOp[]): Promise<OpResult[]> {
    this.calls.push(ops);
    if (this.gate) await this.gate;
    const failure = this.failNext.shift();
    if (failure !== undefined) throw failure;
    const results = ops.map((op) => {
      const earlier = this.answers.get(op.id);
      if (earlier) return earlier;
      const answer = this.decide(op);
      this.answers.set(op.id, answer);
      if (answer.ok) this.applyCount.set(op.id, (this.applyCount.get(op.id) ?? 0) + 1);
      return answer;
    });
    if (this.hangAfterApplying) return new Promise<OpResult[]>(() => {});
    return results;
  }

  async uploadProof(path: string, blob: Blob): Promise<void> {
    const failure = this.uploadFailures.shift();
    if (failure !== undefined) throw failure;
    this.uploads.push({ path, blob });
  }

  async deleteSubmission(id: string): Promise<void> {
    this.deleted.push(id);
  }

  async refreshSession(): Promise<boolean> {
    this.refreshCalls += 1;
    return this.refreshResult;
  }

  /** Every operation id the server applied more than once: must stay empty. */
  doubleApplied(): string[] {
    return [...this.applyCount].filter(([, n]) => n > 1).map(([id]) => id);
  }
}

/** Timers the test fires by hand, so retry delays can be read instead of waited for. */
export class ManualTimer {
  readonly scheduled: { run: () => void; ms: number }[] = [];
  readonly history: number[] = [];

  set = (run: () => void, ms: number): unknown => {
    const entry = { run, ms };
    this.scheduled.push(entry);
    this.history.push(ms);
    return entry;
  };

  clear = (handle: unknown): void => {
    const i = this.scheduled.indexOf(handle as { run: () => void; ms: number });
    if (i >= 0) this.scheduled.splice(i, 1);
  };

  fire(): void {
    const next = this.scheduled.shift();
    if (!next) throw new Error('no timer scheduled');
    next.run();
  }
}

/** Waits (in real time) until `check` holds; Dexie and the engine settle over several macrotasks. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * One drain of the student's outbox through the engine against a FakeServer deciding with `decide`,
 * at `now` (ms; the device's clock its rows were queued by, which decides what may be sent again).
 */
export async function drainOnce(
  db: PortalDB,
  decide?: Decide,
  userId: string = USER,
  now: number = Date.now(),
): Promise<{ server: FakeServer; report: DrainReport; notices: string[] }> {
  const server = new FakeServer();
  if (decide) server.decide = decide;
  const notices: string[] = [];
  const engine = createSyncEngine({
    db,
    transport: server,
    notify: (message) => notices.push(message),
    reconcile: () => undefined,
    getUserId: () => userId,
    isOnline: () => true,
    lock: createMemoryLock(),
    timer: new ManualTimer(),
    now: () => now,
  });
  const report = await engine.drainNow();
  engine.stop();
  return { server, report, notices };
}
