// Everything that talks to IndexedDB or the server, loaded after the shell has painted: the
// Supabase client, the Dexie mirror and the sync engine are most of the portal's JavaScript,
// and the first paint needs none of them.
import toast from 'react-hot-toast';
import { createPortalSupabase, type PortalSupabase } from '../backend/supabase.ts';
import { openPortalDB, type PortalDB } from '../data/db.ts';
import { createSyncEngine, type SyncEngine } from '../sync/engine.ts';
import { createSupabaseTransport } from '../sync/supabaseTransport.ts';

export interface PortalRuntime {
  supabase: PortalSupabase;
  db: PortalDB;
  engine: SyncEngine;
  /** The signed-in user's id, kept current by the session listener. */
  currentUserId(): string | null;
  /** Re-reads the server's truth for this user into Dexie; features register their readers here. */
  addReconciler(reconcile: (userId: string) => Promise<void>): () => void;
}

export function createRuntime(): PortalRuntime {
  const supabase = createPortalSupabase();
  const db = openPortalDB();
  let userId: string | null = null;
  const reconcilers = new Set<(userId: string) => Promise<void>>();

  const engine = createSyncEngine({
    db,
    transport: createSupabaseTransport(supabase),
    notify: (message) => toast.error(message),
    reconcile: async (id) => {
      await Promise.allSettled([...reconcilers].map((reconcile) => reconcile(id)));
    },
    getUserId: () => userId,
  });

  supabase.auth.onAuthStateChange((_event, session) => {
    const next = session?.user.id ?? null;
    if (next === userId) return;
    userId = next;
    if (userId !== null) void engine.drainNow();
  });
  engine.start();

  return {
    supabase,
    db,
    engine,
    currentUserId: () => userId,
    addReconciler(reconcile) {
      reconcilers.add(reconcile);
      return () => reconcilers.delete(reconcile);
    },
  };
}
