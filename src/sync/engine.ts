import type { Subscription } from 'dexie';
import type { OutboxItem, PortalDB } from '../store/db.ts';
import type { Backoff } from './backoff.ts';
import { classifyError } from './classify.ts';
import { afterConfirmOf, afterRefusal } from './kinds/registry.ts';
import { defaultLock, type OutboxLock } from './lock.ts';
import { failedItems, pendingCount, queuedItems, watchPending } from './outbox.ts';
import {
  afterAnswers,
  afterFailedCall,
  beforeSending,
  FRESH_DRAIN,
  type DrainMemory,
  type Outcome,
  type Plan,
  type Settlement,
  type Step,
} from '../domain/batchDecision.ts';
import { createRetry, type Timer } from './retry.ts';
import { markSending, settle } from './settle.ts';
import { createStatusBoard, type SyncStatus } from './status.ts';
import type { MutationOp, SyncTransport } from './transport.ts';

/** apply_mutations refuses a larger batch as a whole (22023). */
export const APPLY_MUTATIONS_MAX_OPS = 100;

export type { SyncState, SyncStatus } from './status.ts';

interface EventSource {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface SyncEngineOptions {
  db: PortalDB;
  transport: SyncTransport;
  /** Tells the user why a mutation was refused, with the server's own message. */
  notify: (message: string, item: OutboxItem) => void;
  /** Re-reads the server's truth into Dexie after refusals; the engine itself reads nothing back. */
  reconcile: (userId: string) => Promise<void> | void;
  /** Only this user's items are sent: the transport carries their session. */
  getUserId: () => string | null;
  isOnline?: () => boolean;
  lock?: OutboxLock;
  batchSize?: number;
  backoff?: Backoff;
  timer?: Timer;
  /** Where 'online' and 'offline' events come from (window in the browser). */
  events?: EventSource;
  /** How long a tab that found the lock taken waits before looking again, while it has items queued. */
  lockRetryMs?: number;
  /** The device's clock, in ms since the epoch (the outbox's createdAt is on it). */
  now?: () => number;
}

export interface DrainReport {
  /** False when another holder of the lock was draining. */
  ran: boolean;
  /** applyMutations calls made. */
  calls: number;
  confirmed: number;
  failed: number;
  /** Set when a retry was scheduled after this many milliseconds. */
  retryInMs: number | null;
}

export interface SyncEngine {
  start(): void;
  stop(): void;
  drainNow(): Promise<DrainReport>;
  getStatus(): SyncStatus;
  subscribe(listener: (status: SyncStatus) => void): () => void;
}

function defaultEvents(): EventSource | undefined {
  const target = globalThis as Partial<EventSource>;
  return typeof target.addEventListener === 'function' && typeof target.removeEventListener === 'function'
    ? (target as EventSource)
    : undefined;
}

function toOp(item: OutboxItem): MutationOp {
  return { id: item.id, kind: item.kind, args: item.args };
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, transport, notify, reconcile, getUserId } = options;
  const isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine ?? true);
  const lock = options.lock ?? defaultLock();
  const batchSize = Math.min(APPLY_MUTATIONS_MAX_OPS, Math.max(1, options.batchSize ?? APPLY_MUTATIONS_MAX_OPS));
  const retry = createRetry({ run: () => void drainNow(), backoff: options.backoff, timer: options.timer });
  const events = options.events ?? defaultEvents();
  const lockRetryMs = options.lockRetryMs ?? 2000;
  const now = options.now ?? Date.now;

  const status = createStatusBoard(isOnline);
  const setStatus = status.set;
  let draining: Promise<DrainReport> | null = null;
  let drainAgain = false;
  /** The outbox watch: set from start() to stop(). */
  let watch: Subscription | null = null;
  /** Whether this drain confirmed an item a refresh may have counted twice (see settle.ts). */
  let rereadAfterDrain = false;

  async function refreshCounts(): Promise<void> {
    const userId = getUserId();
    if (!userId) {
      setStatus({ pending: 0, failed: [] });
      return;
    }
    try {
      const [pending, failed] = await Promise.all([pendingCount(db, userId), failedItems(db, userId)]);
      setStatus({ pending, failed });
    } catch (err) {
      // The indicator keeps its last numbers; the database being unavailable is the news.
      setStatus({ lastError: err instanceof Error ? err.message : String(err) });
    }
  }

  /** Sends a batch; what to do with it is the batch decision's (src/domain/batchDecision.ts). */
  async function send(batch: OutboxItem[], memory: DrainMemory, report: DrainReport): Promise<Step<OutboxItem>> {
    let answers;
    try {
      report.calls += 1;
      answers = await transport.applyMutations(batch.map(toOp));
    } catch (err) {
      return afterFailedCall(batch, classifyError(err), memory);
    }
    const settled = new Map<string, Settlement>();
    for (;;) {
      const decision = afterAnswers(batch, answers, memory, (item) => afterConfirmOf(item) !== null, settled);
      if ('plan' in decision) return decision;
      const afterConfirm = afterConfirmOf(decision.item);
      settled.set(decision.item.id, afterConfirm ? await afterConfirm(decision.item, decision.result, transport) : { kind: 'confirm' });
    }
  }

  /** Carries a batch's plan out: true when the drain goes on to the next batch. */
  async function carryOut(plan: Plan<OutboxItem>, userId: string, report: DrainReport): Promise<boolean> {
    if (plan.outcomes.length > 0 && (await settle(db, plan.outcomes))) rereadAfterDrain = true;
    const parked = plan.outcomes.filter((o): o is Extract<Outcome<OutboxItem>, { kind: 'park' }> => o.kind === 'park');
    report.confirmed += plan.outcomes.filter((o) => o.kind === 'confirm').length;
    report.failed += parked.length;
    for (const p of parked) {
      afterRefusal(p.item);
      notify(p.notice, { ...p.item, status: 'failed', lastError: p.error });
    }
    if (parked.length > 0) await runReconcile(userId);
    const next = plan.next;
    switch (next.kind) {
      case 'idle':
        retry.succeeded();
        setStatus({ state: 'idle', lastError: null });
        return false;
      case 'next-batch':
        retry.succeeded();
        return true;
      case 'again':
        return true;
      case 'back-off':
        report.retryInMs = retry.failed();
        setStatus({ state: 'error', lastError: next.error });
        return false;
      case 'renew':
        return carryOut((await renewSession()) ? next.renewed : next.failed, userId, report);
    }
  }

  async function drainLocked(report: DrainReport): Promise<void> {
    let memory = FRESH_DRAIN;
    for (;;) {
      if (!isOnline()) {
        setStatus({ state: 'offline' });
        return;
      }
      const userId = getUserId();
      if (!userId) return;
      const batch = await queuedItems(db, userId, memory.oneAtATime ? 1 : batchSize);
      const unsent = beforeSending(batch, now());
      if (unsent !== 'send') {
        if (await carryOut(unsent, userId, report)) continue;
        return;
      }
      setStatus({ state: 'syncing' });
      await markSending(db, batch);
      const step = await send(batch, memory, report);
      memory = step.memory;
      if (!(await carryOut(step.plan, userId, report))) return;
    }
  }

  /** A refresh that fails for any reason leaves the items queued; the backoff tries again. */
  async function renewSession(): Promise<boolean> {
    try {
      return await transport.refreshSession();
    } catch {
      return false;
    }
  }

  async function runReconcile(userId: string): Promise<void> {
    try {
      await reconcile(userId);
    } catch {
      // The local rollback already shows the refusal; the next refresh will bring the server's numbers.
    }
  }

  async function drainOnce(): Promise<DrainReport> {
    const report: DrainReport = { ran: false, calls: 0, confirmed: 0, failed: 0, retryInMs: null };
    if (!isOnline()) {
      setStatus({ state: 'offline' });
      await refreshCounts();
      return report;
    }
    rereadAfterDrain = false;
    try {
      report.ran = await lock(() => drainLocked(report));
    } catch (err) {
      // A local failure (IndexedDB, a full disk): nothing was lost, the rows are still in the outbox.
      report.retryInMs = retry.failed();
      setStatus({ state: 'error', lastError: err instanceof Error ? err.message : String(err) });
    }
    const userId = getUserId();
    if (rereadAfterDrain && userId) await runReconcile(userId);
    await refreshCounts();
    // Another tab holds the lock: look again in a while, in case it closes before draining these.
    if (!report.ran && status.current.pending > 0) retry.later(lockRetryMs);
    return report;
  }

  function drainNow(): Promise<DrainReport> {
    if (draining) {
      drainAgain = true;
      return draining;
    }
    retry.cancel();
    draining = (async () => {
      try {
        let report = await drainOnce();
        // A drain that ended waiting for its back-off leaves the rest to that try.
        while (drainAgain && !retry.waiting) {
          drainAgain = false;
          const next = await drainOnce();
          report = {
            ran: report.ran || next.ran,
            calls: report.calls + next.calls,
            confirmed: report.confirmed + next.confirmed,
            failed: report.failed + next.failed,
            retryInMs: next.retryInMs,
          };
        }
        return report;
      } finally {
        drainAgain = false;
        draining = null;
      }
    })();
    return draining;
  }

  const onOnline = () => {
    setStatus({ state: 'idle' });
    retry.nudge();
  };
  const onOffline = () => {
    retry.cancel();
    setStatus({ state: 'offline' });
  };

  return {
    start() {
      if (watch) return;
      retry.arm();
      events?.addEventListener('online', onOnline);
      events?.addEventListener('offline', onOffline);
      // Any change to the outbox, from this tab or another, updates the indicator and wakes the drain.
      watch = watchPending(db, getUserId, {
        next: (pending) => {
          void refreshCounts();
          // While a drain runs this also asks for one more look once it ends: what was queued after
          // its last read would otherwise wait for the next change, or for ever (a score left unsent).
          if (pending > 0 && isOnline() && !retry.waiting) void drainNow();
        },
        error: (err: unknown) => setStatus({ lastError: err instanceof Error ? err.message : String(err) }),
      });
    },
    stop() {
      retry.disarm();
      events?.removeEventListener('online', onOnline);
      events?.removeEventListener('offline', onOffline);
      watch?.unsubscribe();
      watch = null;
    },
    drainNow,
    getStatus: () => status.current,
    subscribe: status.subscribe,
  };
}
