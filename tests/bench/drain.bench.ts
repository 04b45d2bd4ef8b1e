// The sync engine draining 1,000 queued mutations into the embedded backend, through the real
// supabase transport and apply_mutations batches, as a student's device does after a long time offline.
import 'fake-indexeddb/auto';
import { createClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startBackend } from '../../supabase/embedded/server.ts';
import { PortalDB } from '../../src/data/db.ts';
import { createSyncEngine } from '../../src/sync/engine.ts';
import { createMemoryLock } from '../../src/sync/lock.ts';
import { enqueue, pendingCount } from '../../src/sync/outbox.ts';
import { createSupabaseTransport } from '../../src/sync/supabaseTransport.ts';
import { ms, printTable, time, type Row } from './stats.ts';

const MUTATIONS = 1000;
const APPS = ['2048', 'snake', 'minesweeper'];

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-drain-'));
const backend = await startBackend({ port: 0, dataDir, quiet: true });
try {
  const supabase = createClient(backend.url, backend.anonKey, {
    realtime: { transport: WebSocket as never },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data: signUp, error } = await supabase.auth.signUp({ email: `drain-${Date.now()}@example.test`, password: 'bench-password' });
  if (error || !signUp.user) throw error ?? new Error('sign-up returned no user');
  const userId = signUp.user.id;

  const db = new PortalDB('portal-bench-drain', { indexedDB: new IDBFactory(), IDBKeyRange });
  const [queueTook] = await time(async () => {
    for (let i = 0; i < MUTATIONS; i += 1) {
      await enqueue(db, { kind: 'record_app_played', args: { p_app_id: APPS[i % APPS.length]! }, userId });
    }
  });

  const refusals: string[] = [];
  const engine = createSyncEngine({
    db,
    transport: createSupabaseTransport(supabase),
    notify: (message) => refusals.push(message),
    reconcile: () => undefined,
    getUserId: () => userId,
    isOnline: () => true,
    lock: createMemoryLock(),
  });
  const [drainTook, report] = await time(() => engine.drainNow());
  const left = await pendingCount(db, userId);

  const { count, error: countError } = await supabase
    .from('coins_transactions')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', userId);
  if (countError) throw countError;
  if (left !== 0 || count !== MUTATIONS || refusals.length > 0) {
    throw new Error(`drain incomplete: ${left} left, ${count} on the server, refusals: ${refusals.join('; ')}`);
  }

  const rows: Row[] = [
    { measure: `enqueue ${MUTATIONS} record_app_played (fake-indexeddb)`, figure: ms(queueTook), goal: '-' },
    { measure: `drain ${MUTATIONS} queued mutations (${report.calls} apply_mutations calls)`, figure: ms(drainTook), goal: '-' },
    { measure: 'per mutation', figure: ms(drainTook / MUTATIONS), goal: '-' },
  ];
  printTable('Sync engine drain against the embedded backend', rows);
} finally {
  await backend.close();
  rmSync(dataDir, { recursive: true, force: true });
}
