import { liveQuery, type Subscription } from 'dexie';
import type { OutboxItem, PortalDB } from '../store/db.ts';
import { createBackoff, type Backoff } from './backoff.ts';
import { classifyError, classifyResult, errorOf } from './classify.ts';
import { confirmEffects } from './effects.ts';
import type { Settlement } from './kinds/kind.ts';
import { afterConfirmOf } from './kinds/registry.ts';
import { defaultLock, type OutboxLock } from './lock.ts';
import { failedItems, pendingCount, queuedItems } from './outbox.ts';
import { RESEND_EXPIRED } from '../domain/messages.ts';
import { mayResend } from '../domain/resendWindow.ts';
import { restack } from './rebase.ts';
import { addConfirmedGainsIn } from '../store/seasonRows.ts';
import { inSyncTransaction } from '../store/syncTables.ts';
import type { MutationOp, OpResult, SyncTransport } from './transport.ts';

/** apply_mutations refuses a larger batch as a whole (22023). */
export const APPLY_MUTATIONS_MAX_OPS = 100;

export type SyncState = 'offline' | 'idle' | 'syncing' | 'error';

export interface SyncStatus {
  state: SyncState;
  pending: number;
  failed: OutboxItem[];
  /** Why the last attempt did not get through (while state is 'error'). */
  lastError: string | null;
}

export interface Timer {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

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

const defaultTimer: Timer = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function defaultEvents(): EventSource | undefined {
  const target = globalThis as Partial<EventSource>;
  return typeof target.addEventListener === 'function' && typeof target.removeEventListener === 'function'
    ? (target as EventSource)
    : undefined;
}

function toOp(item: OutboxItem): MutationOp {
  return { id: item.id, kind: item.kind, args: item.args };
}

type Outcome =
  | { kind: 'confirm'; item: OutboxItem }
  | { kind: 'park'; item: OutboxItem; error: { code?: string; message: string }; notice: string }
  | { kind: 'requeue'; item: OutboxItem; error: { code?: string; message: string } | null };

function outcomeOf(item: OutboxItem, settlement: Settlement): Outcome {
  return { ...settlement, item };
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, transport, notify, reconcile, getUserId } = options;
  const isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine ?? true);
  const lock = options.lock ?? defaultLock();
  const batchSize = Math.min(APPLY_MUTATIONS_MAX_OPS, Math.max(1, options.batchSize ?? APPLY_MUTATIONS_MAX_OPS));
  const backoff = options.backoff ?? createBackoff();
  const timer = options.timer ?? defaultTimer;
  const events = options.events ?? defaultEvents();
  const lockRetryMs = options.lockRetryMs ?? 2000;
  const now = options.now ?? Date.now;

  let status: SyncStatus = { state: isOnline() ? 'idle' : 'offline', pending: 0, failed: [], lastError: null };
  const listeners = new Set<(s: SyncStatus) => void>();
  let retryHandle: unknown = null;
  let draining: Promise<DrainReport> | null = null;
  let drainAgain = false;
  let started = false;
  let watch: Subscription | null = null;

  function setStatus(patch: Partial<SyncStatus>): void {
    // A drain that ends after the 'offline' event (its call failed, or it found nothing to send) must not
    // paint over it: the indicator would say "N pending" instead of "Offline" until the network returned.
    const offlineNow = patch.state !== undefined && patch.state !== 'offline' && !isOnline();
    status = { ...status, ...patch, ...(offlineNow ? { state: 'offline' as const } : {}) };
    for (const listener of listeners) listener(status);
  }

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

  function cancelRetry(): void {
    if (retryHandle !== null) timer.clear(retryHandle);
    retryHandle = null;
  }

  function scheduleRetry(ms: number): void {
    cancelRetry();
    retryHandle = timer.set(() => {
      retryHandle = null;
      void drainNow();
    }, ms);
  }

  async function markSending(batch: OutboxItem[]): Promise<void> {
    await db.outbox.bulkUpdate(batch.map((item) => ({ key: item.seq, changes: { status: 'sending', attempts: item.attempts + 1 } })));
  }

  /**
   * Settles a batch's answers in one transaction: a crash leaves either all of them or none recorded.
   * Answers true when a confirmed item's effect was laid over server rows that may already count it.
   */
  async function settle(outcomes: Outcome[]): Promise<boolean> {
    return inSyncTransaction(db, async (tables) => {
      const rows = await tables.outbox.bulkGet(outcomes.map((outcome) => outcome.item.seq));
      const confirmed: OutboxItem[] = [];
      const refused = new Map<string, Set<string>>();
      const changes: { key: number; changes: Partial<OutboxItem> }[] = [];
      for (const [i, outcome] of outcomes.entries()) {
        const current = rows[i];
        // Discarded by the user while in flight: its effect has already been taken back.
        if (!current) continue;
        if (outcome.kind === 'confirm') {
          confirmed.push(current);
        } else if (outcome.kind === 'park') {
          refused.set(current.userId, (refused.get(current.userId) ?? new Set()).add(current.id));
          changes.push({ key: current.seq, changes: { status: 'failed', lastError: outcome.error } });
        } else {
          changes.push({ key: current.seq, changes: { status: 'queued', ...(outcome.error ? { lastError: outcome.error } : {}) } });
        }
      }
      // Refusals first, while the items confirmed with them are still on the stack they are laid back on.
      for (const [userId, ending] of refused) await restack(tables, userId, { ending });
      const confirmedGains = await confirmEffects(tables, confirmed);
      // The pass's kept season count takes each gain as the server confirms it (so its total neither drops
      // at the confirmation nor waits for the next read). Here, not in the effects: the kinds load with the
      // first paint's sync indicator, and the season cache would bring the IndexedDB layer with them.
      for (const userId of new Set(confirmedGains.map((entry) => entry.user_id))) {
        await addConfirmedGainsIn(tables, userId, confirmedGains.filter((entry) => entry.user_id === userId));
      }
      await tables.outbox.bulkDelete(confirmed.map((row) => row.seq));
      if (changes.length > 0) await tables.outbox.bulkUpdate(changes);
      return confirmed.some((row) => row.rebasedAfterSend === true);
    });
  }

  /** Whether this drain confirmed an item a refresh may have counted twice (see settle). */
  let rereadAfterDrain = false;

  async function drainLocked(report: DrainReport): Promise<void> {
    // One renewal per failure mode and drain: a server that keeps refusing fresh tokens must not spin this loop.
    let refreshedOnce = false;
    let refreshedForResults = false;
    let isolate = false;
    for (;;) {
      if (!isOnline()) {
        setStatus({ state: 'offline' });
        return;
      }
      const userId = getUserId();
      if (!userId) return;
      const batch = await queuedItems(db, userId, isolate ? 1 : batchSize);
      if (batch.length === 0) {
        backoff.reset();
        setStatus({ state: 'idle', lastError: null });
        return;
      }
      // A replay the server may no longer recognise would apply twice: park it instead (resendWindow.ts).
      const expired = batch.filter((item) => !mayResend(item, now()));
      if (expired.length > 0) {
        const error = { message: RESEND_EXPIRED };
        await settle(expired.map((item) => ({ kind: 'park', item, error, notice: RESEND_EXPIRED })));
        report.failed += expired.length;
        for (const item of expired) notify(RESEND_EXPIRED, { ...item, status: 'failed', lastError: error });
        await runReconcile(userId);
        continue;
      }
      setStatus({ state: 'syncing' });
      await markSending(batch);

      let results: OpResult[];
      try {
        report.calls += 1;
        results = await transport.applyMutations(batch.map(toOp));
      } catch (err) {
        const d = classifyError(err);
        if (d.action === 'refresh' && !refreshedOnce) {
          refreshedOnce = true;
          if (await renewSession()) {
            await settle(batch.map((item) => ({ kind: 'requeue', item, error: null })));
            continue;
          }
        }
        if (d.action === 'park' && batch.length > 1) {
          // The call as a whole was refused: send one at a time to find the operation the server objects to.
          await settle(batch.map((item) => ({ kind: 'requeue', item, error: null })));
          isolate = true;
          continue;
        }
        if (d.action === 'park') {
          const item = batch[0]!;
          await settle([{ kind: 'park', item, error: errorOf(d), notice: d.message }]);
          report.failed += 1;
          notify(d.message, { ...item, status: 'failed', lastError: errorOf(d) });
          await runReconcile(userId);
          isolate = false;
          continue;
        }
        await settle(batch.map((item) => ({ kind: 'requeue', item, error: errorOf(d) })));
        const delay = backoff.next();
        report.retryInMs = delay;
        setStatus({ state: 'error', lastError: d.message });
        if (started) scheduleRetry(delay);
        return;
      }

      refreshedOnce = false;
      isolate = false;
      const byId = new Map(results.map((r) => [r.id, r]));
      const outcomes: Outcome[] = [];
      let stopError: { code?: string; message: string } | null = null;
      let needsRefresh = false;
      for (const item of batch) {
        if (stopError) {
          outcomes.push({ kind: 'requeue', item, error: null });
          continue;
        }
        const result = byId.get(item.id);
        if (!result) {
          // Not answered: it stays queued, and a replay of its id is safe.
          stopError = { message: 'no answer from the server for this change' };
          outcomes.push({ kind: 'requeue', item, error: stopError });
          continue;
        }
        const verdict = classifyResult(result);
        if (verdict.action === 'ok') {
          const afterConfirm = afterConfirmOf(item);
          const outcome = outcomeOf(item, afterConfirm && result.ok ? await afterConfirm(item, result.result, transport) : { kind: 'confirm' });
          if (outcome.kind === 'requeue') stopError = outcome.error;
          outcomes.push(outcome);
        } else if (verdict.action === 'park') {
          outcomes.push({ kind: 'park', item, error: errorOf(verdict), notice: verdict.message });
        } else {
          stopError = errorOf(verdict);
          needsRefresh = verdict.action === 'refresh';
          outcomes.push({ kind: 'requeue', item, error: stopError });
        }
      }
      if (await settle(outcomes)) rereadAfterDrain = true;
      const parked = outcomes.filter((o): o is Extract<Outcome, { kind: 'park' }> => o.kind === 'park');
      report.confirmed += outcomes.filter((o) => o.kind === 'confirm').length;
      report.failed += parked.length;
      for (const p of parked) notify(p.notice, { ...p.item, status: 'failed', lastError: p.error });
      if (parked.length > 0) await runReconcile(userId);
      if (needsRefresh && !refreshedForResults) {
        refreshedForResults = true;
        if (await renewSession()) continue;
      }
      if (stopError) {
        const delay = backoff.next();
        report.retryInMs = delay;
        setStatus({ state: 'error', lastError: stopError.message });
        if (started) scheduleRetry(delay);
        return;
      }
      backoff.reset();
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
      const delay = backoff.next();
      report.retryInMs = delay;
      setStatus({ state: 'error', lastError: err instanceof Error ? err.message : String(err) });
      if (started) scheduleRetry(delay);
    }
    const userId = getUserId();
    if (rereadAfterDrain && userId) await runReconcile(userId);
    await refreshCounts();
    if (!report.ran && started && status.pending > 0 && retryHandle === null) scheduleRetry(lockRetryMs);
    return report;
  }

  function drainNow(): Promise<DrainReport> {
    if (draining) {
      drainAgain = true;
      return draining;
    }
    cancelRetry();
    draining = (async () => {
      try {
        let report = await drainOnce();
        while (drainAgain) {
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
        draining = null;
      }
    })();
    return draining;
  }

  const onOnline = () => {
    backoff.reset();
    setStatus({ state: 'idle' });
    void drainNow();
  };
  const onOffline = () => {
    cancelRetry();
    setStatus({ state: 'offline' });
  };

  return {
    start() {
      if (started) return;
      started = true;
      events?.addEventListener('online', onOnline);
      events?.addEventListener('offline', onOffline);
      // Any change to the outbox, from this tab or another, updates the indicator and wakes the drain.
      watch = liveQuery(async () => {
        // Counting every row makes the watch cover the whole table: a liveQuery wakes only for what its
        // last run read, so one that read nothing (nobody signed in yet) or another student's rows would
        // sleep through the changes of a student who signs in afterwards, and theirs would never be sent.
        await db.outbox.count();
        const userId = getUserId();
        return userId ? pendingCount(db, userId) : 0;
      }).subscribe({
        next: (pending) => {
          void refreshCounts();
          if (pending > 0 && isOnline() && !draining && retryHandle === null) void drainNow();
        },
        error: (err: unknown) => setStatus({ lastError: err instanceof Error ? err.message : String(err) }),
      });
    },
    stop() {
      started = false;
      events?.removeEventListener('online', onOnline);
      events?.removeEventListener('offline', onOffline);
      watch?.unsubscribe();
      watch = null;
      cancelRetry();
    },
    drainNow,
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      listener(status);
      return () => listeners.delete(listener);
    },
  };
}
