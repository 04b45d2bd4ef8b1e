// The embedded backend: start-up on a new and an existing data folder, a streak claim through
// supabase-js, and the leaderboard read through supabase-js beside the same SQL on PGlite directly.
// The direct reads run on a copy of the backend's data folder in the same process, one after each
// HTTP read, so both meet the same data and the same load of a shared machine.
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { openDatabase } from '../../supabase/embedded/database.ts';
import { startBackend } from '../../supabase/embedded/server.ts';
import { goal, median, ms, printTable, time, type Row } from './stats.ts';

const READS = 200;
const WARM_UP = 20;
const CLAIMS = 30;

/** A loopback round trip with fetch to a server that does nothing: the part of any HTTP call no gateway can save. */
async function emptyRoundTrips(count: number): Promise<number[]> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '2' }).end('[]'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/v1/rpc/get_top_streaks`;
  const took: number[] = [];
  try {
    for (let i = 0; i < WARM_UP + count; i += 1) {
      const [elapsed] = await time(async () => (await fetch(url, { method: 'POST', body: '{}' })).text());
      if (i >= WARM_UP) took.push(elapsed);
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return took;
}

const workDir = mkdtempSync(join(tmpdir(), 'portal-bench-backend-'));
const dataDir = join(workDir, 'data');
try {
  // The students sign up from this one address: a real class has a device each.
  const [coldStart, first] = await time(() => startBackend({ port: 0, dataDir, quiet: true, authRateLimits: { sign_in_sign_ups: 1000 } }));
  const client = () =>
    createClient(first.url, first.anonKey, {
      realtime: { transport: WebSocket as never },
      auth: { persistSession: false, autoRefreshToken: false },
    });
  const claims: number[] = [];
  for (let i = 0; i < CLAIMS; i += 1) {
    const supabase = client();
    const { error } = await supabase.auth.signUp({ email: `bench-${i}-${randomUUID()}@example.test`, password: 'bench-password' });
    if (error) throw error;
    const [took, result] = await time(async () => supabase.rpc('claim_streak', { p_client_id: randomUUID() }));
    if (result.error) throw result.error;
    claims.push(took);
  }
  await first.close();
  cpSync(dataDir, join(workDir, 'direct'), { recursive: true });

  const [warmStart, backend] = await time(() => startBackend({ port: 0, dataDir, quiet: true }));
  const database = await openDatabase({ dataDir: join(workDir, 'direct') });
  const reader = createClient(backend.url, backend.anonKey, {
    realtime: { transport: WebSocket as never },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const reads: number[] = [];
  const direct: number[] = [];
  let listed = '';
  try {
    for (let i = 0; i < WARM_UP + READS; i += 1) {
      const [viaHttp, result] = await time(async () => reader.rpc('get_top_streaks'));
      if (result.error) throw result.error;
      // The gateway's transaction, written out: the anon role with its claims, then the call.
      const [onPglite, rows] = await time(() =>
        database.run(async (tx) => {
          await tx.query("select set_config('request.jwt.claims', '{\"role\":\"anon\"}', true)");
          await tx.query('set local role anon');
          return tx.query<{ list: unknown[] }>("select coalesce(json_agg(t), '[]') as list from public.get_top_streaks() t");
        }),
      );
      if (i >= WARM_UP) {
        reads.push(viaHttp);
        direct.push(onPglite);
      }
      listed = JSON.stringify(rows.rows[0]?.list);
      if (JSON.stringify(result.data) !== listed) throw new Error(`the two reads differ: ${JSON.stringify(result.data)} and ${listed}`);
    }
  } finally {
    await backend.close();
    await database.close();
  }
  const loopback = await emptyRoundTrips(READS);
  const ratio = median(reads) / median(direct);

  const rows: Row[] = [
    { measure: 'backend start, new data folder', figure: ms(coldStart), goal: '-' },
    { measure: 'backend start, existing data folder', figure: ms(warmStart), goal: '-' },
    { measure: `claim_streak via supabase-js (median of ${CLAIMS} students)`, figure: ms(median(claims)), goal: '-' },
    { measure: `get_top_streaks via supabase-js (median of ${READS}, ${JSON.parse(listed).length} rows)`, figure: ms(median(reads)), goal: '-' },
    { measure: `the same SQL on PGlite directly (median of ${READS}, alternating)`, figure: ms(median(direct)), goal: '-' },
    { measure: 'leaderboard RPC: HTTP / direct', figure: `${ratio.toFixed(2)}x`, goal: goal('<= 2x', ratio <= 2) },
    { measure: `for scale: fetch to an empty loopback server (median of ${READS})`, figure: ms(median(loopback)), goal: '-' },
  ];
  printTable('Embedded backend', rows);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
