// The embedded backend: start-up on a new and an existing data folder, and the latency of a
// leaderboard read and a streak claim through supabase-js, as the app makes them.
import { createClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { openDatabase } from '../../supabase/embedded/database.ts';
import { startBackend } from '../../supabase/embedded/server.ts';
import { median, ms, printTable, time, type Row } from './stats.ts';

const READS = 100;
const CLAIMS = 30;

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
try {
  const [coldStart, first] = await time(() => startBackend({ port: 0, dataDir, quiet: true }));
  await first.close();
  const [warmStart, backend] = await time(() => startBackend({ port: 0, dataDir, quiet: true }));

  const client = () =>
    createClient(backend.url, backend.anonKey, {
      realtime: { transport: WebSocket as never },
      auth: { persistSession: false, autoRefreshToken: false },
    });

  const claims: number[] = [];
  for (let i = 0; i < CLAIMS; i += 1) {
    const supabase = client();
    const { error } = await supabase.auth.signUp({ email: `bench-${i}-${Date.now()}@example.test`, password: 'bench-password' });
    if (error) throw error;
    const [took, result] = await time(async () => supabase.rpc('claim_streak', { p_client_id: randomUUID() }));
    if (result.error) throw result.error;
    claims.push(took);
  }

  const reader = client();
  const reads: number[] = [];
  for (let i = 0; i < READS; i += 1) {
    const [took, result] = await time(async () => reader.rpc('get_top_streaks'));
    if (result.error) throw result.error;
    reads.push(took);
  }
  await backend.close();

  // The same read on PGlite directly, inside the same kind of transaction the gateway opens, so
  // the ratio is the cost of HTTP, JSON and supabase-js alone.
  const database = await openDatabase({ dataDir });
  const direct: number[] = [];
  for (let i = 0; i < READS; i += 1) {
    const [took] = await time(() =>
      database.run(async (tx) => {
        await tx.query("select set_config('request.jwt.claims', '{\"role\":\"anon\"}', true)");
        await tx.query('set local role anon');
        return tx.query('select coalesce(json_agg(t), \'[]\') from public.get_top_streaks() t');
      }),
    );
    direct.push(took);
  }
  await database.close();
  const ratio = median(reads) / median(direct);

  const rows: Row[] = [
    { measure: 'backend start, new data folder', figure: ms(coldStart), goal: '-' },
    { measure: 'backend start, existing data folder', figure: ms(warmStart), goal: '-' },
    { measure: `get_top_streaks via supabase-js (median of ${READS})`, figure: ms(median(reads)), goal: '-' },
    { measure: `get_top_streaks on PGlite directly (median of ${READS})`, figure: ms(median(direct)), goal: '-' },
    { measure: 'leaderboard RPC: HTTP / direct', figure: `${ratio.toFixed(2)}x`, goal: '<= 2x' },
    { measure: `claim_streak via supabase-js (median of ${CLAIMS} students)`, figure: ms(median(claims)), goal: '-' },
  ];
  printTable('Embedded backend', rows);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
