// The sync engine draining 1,000 queued mutations into the embedded backend, in Chromium with real
// IndexedDB (tests/bench/fixtures/drain loads the portal's outbox, engine and supabase transport on a
// page of their own), as a student's device does after a long time offline; beside the same 1,000
// replayed one request each from the same page, in order, as a plain background-sync queue replays the
// requests it stored. Each run uses two new students, so both start from the same empty ledger, and
// both ledgers must come out the same.
import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackend, type Backend } from '../../supabase/embedded/server.ts';
import type { DrainTimes, OneEachTimes } from './fixtures/drain/main.ts';
import { buildSite, launchChromium, PORTAL_ROOT, serve, type Site } from './browser.ts';
import { goal, median, ms, printTable, type Row } from './stats.ts';

const MUTATIONS = 1000;
const RUNS = 3;

interface BenchWindow {
  drainBench: (url: string, anonKey: string, name: string, mutations: number) => Promise<DrainTimes>;
  oneEachBench: (url: string, anonKey: string, mutations: number) => Promise<OneEachTimes>;
}

/** Rows of a student's table, read as the service role. */
async function rows<T>(backend: Backend, table: string, userId: string, select: string): Promise<T[]> {
  const response = await fetch(`${backend.url}/rest/v1/${table}?user_id=eq.${userId}&select=${select}`, {
    headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` },
  });
  if (!response.ok) throw new Error(`reading ${table} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T[];
}

/** What a student's ledger ended with: the same mutations must leave the same ledger either way. */
async function ledger(backend: Backend, userId: string): Promise<string> {
  const coins = await rows<{ amt: number; why: string }>(backend, 'coins_transactions', userId, 'amt,why');
  const played = await rows<{ app_id: string }>(backend, 'apps_played', userId, 'app_id');
  const total = coins.reduce((sum, row) => sum + row.amt, 0);
  const reasons = [...new Set(coins.map((row) => row.why))].sort().join(', ');
  const apps = played.map((row) => row.app_id).sort().join(', ');
  return `${coins.length} transactions worth ${total} (${reasons}); apps played: ${apps}`;
}

function drainIn(page: Page, backend: Backend, name: string): Promise<DrainTimes> {
  return page.evaluate(
    ([url, anonKey, name, mutations]) => (window as unknown as BenchWindow).drainBench(url, anonKey, name, mutations),
    [backend.url, backend.anonKey, name, MUTATIONS] as const,
  );
}

function oneEachIn(page: Page, backend: Backend): Promise<OneEachTimes> {
  return page.evaluate(
    ([url, anonKey, mutations]) => (window as unknown as BenchWindow).oneEachBench(url, anonKey, mutations),
    [backend.url, backend.anonKey, MUTATIONS] as const,
  );
}

const workDir = mkdtempSync(join(tmpdir(), 'portal-bench-drain-'));
const backend = await startBackend({ port: 0, dataDir: join(workDir, 'data'), quiet: true });
let site: Site | null = null;
const browser = await launchChromium();
try {
  await buildSite(join(PORTAL_ROOT, 'tests', 'bench', 'fixtures', 'drain', 'vite.config.ts'), join(workDir, 'page'));
  site = await serve(join(workDir, 'page'));
  const page = await browser.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => 'drainBench' in window);

  const drains: DrainTimes[] = [];
  const replayed: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const drained = await drainIn(page, backend, `portal-bench-drain-${run}`);
    const oneEach = await oneEachIn(page, backend);
    const [left, right] = [await ledger(backend, drained.userId), await ledger(backend, oneEach.userId)];
    if (left !== right) throw new Error(`ledgers differ: drained ${left}, one each ${right}`);
    drains.push(drained);
    replayed.push(oneEach.replay);
  }
  const of = (pick: (d: DrainTimes) => number) => median(drains.map(pick));
  const ratio = median(replayed) / of((d) => d.drain);

  const table: Row[] = [
    { measure: `enqueue ${MUTATIONS} record_app_played (IndexedDB)`, figure: ms(of((d) => d.queue)), goal: '-' },
    { measure: `drain ${MUTATIONS} queued mutations (${drains[0]?.calls} apply_mutations calls)`, figure: ms(of((d) => d.drain)), goal: '-' },
    { measure: '  of which inside the apply_mutations calls (HTTP and SQL)', figure: ms(of((d) => d.server)), goal: '-' },
    { measure: '  of which the client settling its store (IndexedDB)', figure: ms(of((d) => d.drain - d.server)), goal: '-' },
    { measure: `replay the same ${MUTATIONS}, one record_app_played request each`, figure: ms(median(replayed)), goal: '-' },
    { measure: 'drain speed-up over one request each', figure: `${ratio.toFixed(1)}x`, goal: goal('>= 10x', ratio >= 10) },
  ];
  printTable(`Draining ${MUTATIONS} queued mutations in Chromium (medians of ${RUNS} runs; ledgers of both ways checked equal)`, table);
} finally {
  await browser.close();
  await site?.close();
  await backend.close();
  rmSync(workDir, { recursive: true, force: true });
}
