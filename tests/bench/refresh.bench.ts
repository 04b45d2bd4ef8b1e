// Refreshing a catalogue of 10,000 apps into Dexie in Chromium (real IndexedDB), with the portal's own
// refresh code (tests/bench/fixtures/refresh loads it on a page of its own): the server read through
// supabase-js from the embedded backend, and the write of the list into the mirror and its cache.
import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackend } from '../../supabase/embedded/server.ts';
import type { RefreshTimes } from './fixtures/refresh/main.ts';
import { buildSite, launchChromium, PORTAL_ROOT, serve, type Site } from './browser.ts';
import { makeCatalogue, seedCatalogue } from './catalogue.ts';
import { goal, median, ms, printTable, type Row } from './stats.ts';

const APPS = 10_000;
const RUNS = 7;

function refresh(page: Page, url: string, anonKey: string, name: string): Promise<RefreshTimes> {
  return page.evaluate(
    ([url, anonKey, name]) => (window as unknown as { refreshBench: (u: string, k: string, n: string) => Promise<RefreshTimes> }).refreshBench(url, anonKey, name),
    [url, anonKey, name] as const,
  );
}

const workDir = mkdtempSync(join(tmpdir(), 'portal-bench-refresh-'));
const dataDir = join(workDir, 'data');
await seedCatalogue(dataDir, makeCatalogue(APPS));
const backend = await startBackend({ port: 0, dataDir, quiet: true });
let site: Site | null = null;
const browser = await launchChromium();
try {
  await buildSite(join(PORTAL_ROOT, 'tests', 'bench', 'fixtures', 'refresh', 'vite.config.ts'), join(workDir, 'page'), {
    VITE_SUPABASE_URL: backend.url,
    VITE_SUPABASE_ANON_KEY: backend.anonKey,
  });
  site = await serve(join(workDir, 'page'));
  const page = await browser.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => 'refreshBench' in window);

  const runs: RefreshTimes[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await refresh(page, backend.url, backend.anonKey, `portal-bench-refresh-${run}`));
  const listed = runs[0]?.apps ?? 0;
  if (listed < APPS) throw new Error(`the server listed ${listed} apps, not the ${APPS} seeded`);
  const of = (key: keyof RefreshTimes) => median(runs.map((r) => r[key]));

  const rows: Row[] = [
    { measure: `read ${listed} apps through supabase-js (get_apps_ordered_by_title)`, figure: ms(of('read')), goal: '-' },
    { measure: 'write them into a new, empty mirror (apps table and _dlq cache)', figure: ms(of('firstWrite')), goal: '-' },
    { measure: 'write them over a mirror holding the stale list', figure: ms(of('write')), goal: goal('< 1 s', of('write') < 1000) },
    { measure: 'whole refresh of a stale catalogue, server read included', figure: ms(of('whole')), goal: goal('< 1 s', of('whole') < 1000) },
  ];
  printTable(`Refreshing a ${APPS}-app catalogue into Dexie in Chromium (medians of ${RUNS} runs)`, rows);
} finally {
  await browser.close();
  await site?.close();
  await backend.close();
  rmSync(workDir, { recursive: true, force: true });
}
