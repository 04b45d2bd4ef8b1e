// Offline reload to first contentful paint in Chromium: the portal's home page beside a bare React +
// React Router page (tests/bench/fixtures/bare) that precaches itself with a service worker too. Both
// are built with Vite here and served by the same server; each is visited once online so its worker
// installs, then reloaded with no network (the backend aborted as well: the browser's offline mode
// does not reach a worker's own requests). Reloads of the two alternate, so the machine's load at
// any moment weighs on both alike.
import type { BrowserContext, Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackend } from '../../supabase/embedded/server.ts';
import { buildSite, launchChromium, PORTAL_ROOT, serve, type Site } from './browser.ts';
import { goal, median, ms, percentile, printTable, type Row } from './stats.ts';

const RELOADS = 15;
const WARM_UP = 2;

interface Subject {
  name: string;
  site: Site;
  /** Text of the page's first heading once it has rendered, to be sure the page itself came back. */
  heading: string;
  context?: BrowserContext;
  page?: Page;
  paints: number[];
  /** When the page's own heading was on screen: the portal's first paint is its static shell, so this says when the page itself came. */
  headings: number[];
}

async function installOffline(subject: Subject, context: BrowserContext, backendUrl: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(subject.site.url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.route(`${backendUrl}/**`, (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
  subject.context = context;
  subject.page = page;
}

/** One reload with no network: its first contentful paint and when its heading showed, from the navigation's start. */
async function offlineReload(subject: Subject): Promise<{ paint: number; heading: number }> {
  const page = subject.page!;
  await page.reload();
  const paint = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
  // Polled once a frame, so this is the first frame that had the heading.
  const heading = await page.waitForFunction(
    (text) => document.querySelector('h1')?.textContent === text && performance.now(),
    subject.heading,
    { polling: 'raf' },
  );
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    throw new Error(`${subject.name} was not served by its service worker`);
  }
  return { paint: (await paint.jsonValue()) as number, heading: (await heading.jsonValue()) as number };
}

const workDir = mkdtempSync(join(tmpdir(), 'portal-bench-reload-'));
const backend = await startBackend({ port: 0, dataDir: join(workDir, 'data'), quiet: true });
const sites: Site[] = [];
const browser = await launchChromium();
try {
  await buildSite(join(PORTAL_ROOT, 'vite.config.ts'), join(workDir, 'portal'), {
    VITE_SUPABASE_URL: backend.url,
    VITE_SUPABASE_ANON_KEY: backend.anonKey,
  });
  await buildSite(join(PORTAL_ROOT, 'tests', 'bench', 'fixtures', 'bare', 'vite.config.ts'), join(workDir, 'bare'));
  const portalSite = await serve(join(workDir, 'portal'));
  sites.push(portalSite);
  const bareSite = await serve(join(workDir, 'bare'));
  sites.push(bareSite);

  const portal: Subject = { name: 'the portal', site: portalSite, heading: 'Games', paints: [], headings: [] };
  const bare: Subject = { name: 'the bare page', site: bareSite, heading: 'Bare page', paints: [], headings: [] };
  for (const subject of [portal, bare]) await installOffline(subject, await browser.newContext(), backend.url);

  for (let i = 0; i < WARM_UP + RELOADS; i += 1) {
    for (const subject of i % 2 === 0 ? [portal, bare] : [bare, portal]) {
      const { paint, heading } = await offlineReload(subject);
      if (i >= WARM_UP) {
        subject.paints.push(paint);
        subject.headings.push(heading);
      }
    }
  }
  const ratio = median(portal.paints) / median(bare.paints);

  const rows: Row[] = [
    { measure: `portal home page, offline reload to FCP (median of ${RELOADS})`, figure: ms(median(portal.paints)), goal: '-' },
    { measure: 'portal, 90th percentile', figure: ms(percentile(portal.paints, 90)), goal: '-' },
    { measure: `bare React + router page, offline reload to FCP (median of ${RELOADS})`, figure: ms(median(bare.paints)), goal: '-' },
    { measure: 'bare page, 90th percentile', figure: ms(percentile(bare.paints, 90)), goal: '-' },
    { measure: 'portal / bare page', figure: `${ratio.toFixed(2)}x`, goal: goal('<= 1.3x', ratio <= 1.3) },
    { measure: 'portal, offline reload to its heading on screen', figure: ms(median(portal.headings)), goal: '-' },
    { measure: 'bare page, offline reload to its heading on screen', figure: ms(median(bare.headings)), goal: '-' },
    { measure: 'heading on screen: portal / bare page', figure: `${(median(portal.headings) / median(bare.headings)).toFixed(2)}x`, goal: '-' },
  ];
  printTable('Offline reload to first contentful paint in Chromium', rows);
} finally {
  await browser.close();
  for (const site of sites) await site.close();
  await backend.close();
  rmSync(workDir, { recursive: true, force: true });
}
