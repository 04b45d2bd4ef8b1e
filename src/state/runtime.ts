// Everything that talks to IndexedDB or the server, loaded after the shell has painted: the
// Supabase client, the Dexie mirror and the sync engine are most of the portal's JavaScript,
// and the first paint needs none of them.
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { createPortalSupabase } from '../backend/supabase.ts';
import { effectiveSession, readStoredSession } from '../backend/sessionStore.ts';
import { openPortalDB } from '../store/db.ts';
import { sharedRefreshApps } from '../data/queries/refreshCatalogue.ts';
import { refreshEconomy } from '../data/queries/refreshEconomy.ts';
import { createDataSource, type DataSource } from '../data/source.ts';
import { awaitsSecondFactor } from '../domain/secondFactor.ts';
import { createSyncEngine, type SyncEngine } from '../sync/engine.ts';
import { createSupabaseTransport } from '../sync/supabaseTransport.ts';
import { nextTask, whenIdle } from './idle.ts';
import { notice } from '../ui/notice.tsx';

export interface PortalRuntime {
  /** What features read and write through: they hand it to the reads, queries and actions of src/data. */
  data: DataSource;
  engine: SyncEngine;
  /** The signed-in user's id, kept current by the session listener (the stored session's while offline). */
  currentUserId(): string | null;
  /** Re-reads the server's truth for this user into Dexie; features register their readers here. */
  addReconciler(reconcile: (userId: string) => Promise<void>): () => void;
  /** Runs every reconciler for the signed-in user now (after sign-in, on 'online', after refusals). */
  reconcileNow(): Promise<void>;
  /** Called with the session the portal acts on, now and on every change; returns the unsubscribe. */
  onSession(listener: (session: Session | null) => void): () => void;
}

/**
 * Nobody is signed in while a second factor is pending: the password alone (aal1) for an account with an
 * authenticator app opens nothing but the code step, which talks to supabase-js directly.
 */
function signedIn(session: Session | null): Session | null {
  return session !== null && awaitsSecondFactor(session) ? null : session;
}

/** Asks once per page that the browser keep this origin's storage (the outbox) under storage pressure. */
async function askPersistentStorage(): Promise<void> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.persist || !storage.persisted) return;
  if (await storage.persisted()) return;
  await storage.persist();
}

/** Builds the runtime in two tasks (the Supabase client, then the Dexie mirror and the sync engine). */
export async function createRuntime(): Promise<PortalRuntime> {
  const supabase = createPortalSupabase();
  await nextTask();
  const db = openPortalDB();
  const data = createDataSource(supabase, db);
  // Known before supabase-js has read its storage, so the outbox counts and drains as this user at once.
  let session: Session | null = signedIn(readStoredSession());
  let userId: string | null = session?.user.id ?? null;
  let persistAsked = false;
  const reconcilers = new Set<(userId: string) => Promise<void>>();
  const sessionListeners = new Set<(session: Session | null) => void>();

  async function reconcileFor(id: string): Promise<void> {
    await Promise.allSettled([...reconcilers].map((reconcile) => reconcile(id)));
  }

  function reconcileNow(): Promise<void> {
    return userId === null || !navigator.onLine ? Promise.resolve() : reconcileFor(userId);
  }

  /**
   * Sends what is queued before reading the server back: a read taken before the drain and written
   * after its confirmations would show the balance without the changes just applied.
   */
  function drainThenReconcile(): void {
    void engine.drainNow().finally(() => reconcileNow());
  }

  const engine = createSyncEngine({
    db,
    transport: createSupabaseTransport(supabase),
    // One notice per refusal text: a burst of items refused for the same reason (sending too fast) says it once.
    notify: (message) => notice.error(message, { id: `refused:${message}` }),
    reconcile: reconcileFor,
    getUserId: () => userId,
  });

  reconcilers.add((id) => refreshEconomy(data, id));

  function onAuthChange(event: AuthChangeEvent, reported: Session | null): void {
    session = signedIn(effectiveSession(reported, event));
    for (const listener of sessionListeners) listener(session);
    const next = session?.user.id ?? null;
    if (next === userId) return;
    userId = next;
    if (userId === null) return;
    if (!persistAsked) {
      persistAsked = true;
      void askPersistentStorage().catch(() => undefined);
    }
    drainThenReconcile();
  }

  // Every page shows or picks from the app list: its read starts now, before any page has rendered with the runtime.
  sharedRefreshApps(data).outcome.catch(() => undefined);

  supabase.auth.onAuthStateChange(onAuthChange);
  window.addEventListener('online', drainThenReconcile);
  // The page renders from Dexie and needs neither: the outbox watch, the first drain and the server's
  // read-back start once the page is up, off the first render's main thread and network.
  const storedUserId = userId;
  whenIdle(() => {
    engine.start();
    // A student who signed in meanwhile has been drained and read back already (onAuthChange).
    if (storedUserId === null || userId !== storedUserId) return;
    persistAsked = true;
    void askPersistentStorage().catch(() => undefined);
    drainThenReconcile();
  });

  return {
    data,
    engine,
    currentUserId: () => userId,
    addReconciler(reconcile) {
      reconcilers.add(reconcile);
      return () => reconcilers.delete(reconcile);
    },
    reconcileNow,
    onSession(listener) {
      sessionListeners.add(listener);
      listener(session);
      return () => sessionListeners.delete(listener);
    },
  };
}
