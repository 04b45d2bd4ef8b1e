// The sync engine draining 1,000 queued mutations into the embedded backend, through the real
// supabase transport and apply_mutations batches, as a student's device does after a long time offline;
// beside the same 1,000 replayed one request each, in order, as a plain background-sync queue replays
// the requests it stored. Each run uses two new students, so both start from the same empty ledger.
import 'fake-indexeddb/auto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startBackend, type Backend } from '../../supabase/embedded/server.ts';
import { PortalDB } from '../../src/data/db.ts';
import { createSyncEngine } from '../../src/sync/engine.ts';
import { createMemoryLock } from '../../src/sync/lock.ts';
import { enqueue, pendingCount } from '../../src/sync/outbox.ts';
import { createSupabaseTransport } from '../../src/sync/supabaseTransport.ts';
import { goal, median, ms, printTable, time, type Row } from './stats.ts';

const MUTATIONS = 1000;
const RUNS = 3;
const APPS = ['2048', 'snake', 'minesweeper'];

async function student(backend: Backend, name: string): Promise<{ supabase: SupabaseClient; userId: string }> {
  const supabase = createClient(backend.url, backend.anonKey, {
    realtime: { transport: WebSocket as never },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await supabase.auth.signUp({ email: `${name}-${randomUUID()}@example.test`, password: 'bench-password' });
  if (error || !data.user) throw error ?? new Error('sign-up returned no user');
  return { supabase, userId: data.user.id };
}

/** What a student's ledger ended with: the same mutations must leave the same ledger either way. */
async function ledger(supabase: SupabaseClient, userId: string): Promise<string> {
  const coins = await supabase.from('coins_transactions').select('amt, why').eq('user_id', userId);
  if (coins.error) throw coins.error;
  const played = await supabase.from('apps_played').select('app_id').eq('user_id', userId);
  if (played.error) throw played.error;
  const total = coins.data.reduce((sum, row) => sum + row.amt, 0);
  const reasons = [...new Set(coins.data.map((row) => row.why))].sort().join(', ');
  const apps = played.data.map((row) => row.app_id).sort().join(', ');
  return `${coins.data.length} transactions worth ${total} (${reasons}); apps played: ${apps}`;
}

async function drainRun(
  backend: Backend,
  run: number,
): Promise<{ queue: number; drain: number; server: number; calls: number; ledger: string }> {
  const { supabase, userId } = await student(backend, `drain-${run}`);
  const db = new PortalDB(`portal-bench-drain-${run}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const [queue] = await time(async () => {
    for (let i = 0; i < MUTATIONS; i += 1) {
      await enqueue(db, { kind: 'record_app_played', args: { p_app_id: APPS[i % APPS.length]! }, userId });
    }
  });
  const refusals: string[] = [];
  // The drain's time inside its apply_mutations calls (HTTP and SQL); the rest is the client's own
  // work on its store, here fake-indexeddb, which is far slower per request than a browser's IndexedDB.
  let server = 0;
  const transport = createSupabaseTransport(supabase);
  const timedTransport: typeof transport = {
    ...transport,
    applyMutations: async (ops) => {
      const [took, results] = await time(() => transport.applyMutations(ops));
      server += took;
      return results;
    },
  };
  const engine = createSyncEngine({
    db,
    transport: timedTransport,
    notify: (message) => refusals.push(message),
    reconcile: () => undefined,
    getUserId: () => userId,
    isOnline: () => true,
    lock: createMemoryLock(),
  });
  const [drain, report] = await time(() => engine.drainNow());
  const left = await pendingCount(db, userId);
  db.close();
  if (left !== 0 || refusals.length > 0) throw new Error(`drain incomplete: ${left} left, refusals: ${refusals.join('; ')}`);
  return { queue, drain, server, calls: report.calls, ledger: await ledger(supabase, userId) };
}

async function oneEachRun(backend: Backend, run: number): Promise<{ replay: number; ledger: string }> {
  const { supabase, userId } = await student(backend, `one-each-${run}`);
  const requests = Array.from({ length: MUTATIONS }, (_, i) => ({ p_app_id: APPS[i % APPS.length]!, p_client_id: randomUUID() }));
  const [replay] = await time(async () => {
    for (const args of requests) {
      const { error } = await supabase.rpc('record_app_played', args);
      if (error) throw error;
    }
  });
  return { replay, ledger: await ledger(supabase, userId) };
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-drain-'));
const backend = await startBackend({ port: 0, dataDir, quiet: true });
try {
  const queued: number[] = [];
  const drained: number[] = [];
  const inCalls: number[] = [];
  const onClient: number[] = [];
  const replayed: number[] = [];
  let calls = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const drain = await drainRun(backend, run);
    const oneEach = await oneEachRun(backend, run);
    if (drain.ledger !== oneEach.ledger) throw new Error(`ledgers differ: drained ${drain.ledger}, one each ${oneEach.ledger}`);
    queued.push(drain.queue);
    drained.push(drain.drain);
    inCalls.push(drain.server);
    onClient.push(drain.drain - drain.server);
    replayed.push(oneEach.replay);
    calls = drain.calls;
  }
  const ratio = median(replayed) / median(drained);

  const rows: Row[] = [
    { measure: `enqueue ${MUTATIONS} record_app_played (fake-indexeddb)`, figure: ms(median(queued)), goal: '-' },
    { measure: `drain ${MUTATIONS} queued mutations (${calls} apply_mutations calls)`, figure: ms(median(drained)), goal: '-' },
    { measure: '  of which inside the apply_mutations calls (HTTP and SQL)', figure: ms(median(inCalls)), goal: '-' },
    { measure: '  of which the client settling its store (fake-indexeddb)', figure: ms(median(onClient)), goal: '-' },
    { measure: `replay the same ${MUTATIONS}, one record_app_played request each`, figure: ms(median(replayed)), goal: '-' },
    { measure: 'drain speed-up over one request each', figure: `${ratio.toFixed(1)}x`, goal: goal('>= 10x', ratio >= 10) },
  ];
  printTable(`Draining ${MUTATIONS} queued mutations (medians of ${RUNS} runs; ledgers of both ways checked equal)`, rows);
} finally {
  await backend.close();
  rmSync(dataDir, { recursive: true, force: true });
}
