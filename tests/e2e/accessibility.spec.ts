// Every route of the portal through axe-core, signed out and signed in, in the default layout (light and
// dark) and in the variant layout (its dark green theme): no critical and no serious violation anywhere (issue 19). A failure
// lists each violation with its rule, impact, element and what is wrong, so it says what to fix.
// axe runs in the page through page.evaluate: the portal's Content-Security-Policy forbids inline scripts,
// and evaluate is not subject to it. Game frames are the games' own documents and are left out.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { matchPath } from 'react-router-dom';
import type { AxeResults, ImpactValue, NodeResult, Result, RunOptions } from 'axe-core';
import { expectSignedIn } from './support/account.ts';
import { serviceInsert, serviceSelect, signInNewStudent, signUpViaApi, studentRpc, studentSays, type Student } from './support/backend.ts';
import { onboard } from './support/student.ts';

const AXE_SOURCE = readFileSync(join(dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'), 'utf8');
const ROUTER_SOURCE = readFileSync(new URL('../../src/app/routes.tsx', import.meta.url), 'utf8');

const FAILING: readonly ImpactValue[] = ['critical', 'serious'];
const IMPACTS: readonly ImpactValue[] = ['critical', 'serious', 'moderate', 'minor'];

type Layout = 'default' | 'variant';

interface Visit {
  path: string;
  /** What shows once the page's data has rendered, beyond the page itself and the end of every "Loading…". */
  ready?: string;
}

/** Game pages: one of each kind (a scored game with a board, a puzzle, a fast arcade game with a two-word title). */
const GAME_TITLES = ['Snake', '2048', 'Flappy Hollow'];

function sharedVisits(username: string): Visit[] {
  return [
    { path: '/privacy' },
    { path: '/terms' },
    { path: '/auth' },
    { path: '/auth/callback' },
    { path: '/change-password' },
    { path: '/chad' },
    { path: '/friends' },
    { path: '/play/1' },
    { path: '/play/join/AAAAAAAAAAAAAAAA' },
    { path: '/streak' },
    { path: '/shop', ready: '[data-testid="shop-store"] .item-card' },
    { path: '/pass', ready: '[data-testid="season"], [data-testid="tier-track"]' },
    { path: '/leaderboard', ready: '[data-testid="board-row"]' },
    { path: '/profile' },
    { path: `/profile/${username}` },
    { path: '/settings' },
    { path: '/onboarding' },
    { path: '/cache' },
    { path: '/mirrors' },
    { path: '/takedown' },
    { path: '/moderate' },
    { path: '/iframeCheck' },
    { path: '/creator' },
    { path: '/creator/abc' },
    { path: '/creator/abc/xyz' },
    { path: '/no-such-page' },
  ];
}

function visitsOf(layout: Layout, username: string): Visit[] {
  const cards = { ready: '[data-testid="app-card"]' };
  const games = GAME_TITLES.map((title) => ({ path: `/class/${encodeURIComponent(title)}`, ready: '[data-testid="player"]' }));
  const own: Visit[] =
    layout === 'default'
      ? [{ path: '/', ...cards }, { path: '/class', ...cards }, { path: '/class/creator' }, ...games, { path: '/yt' }]
      : [
          { path: '/', ...cards },
          { path: '/class', ...cards },
          { path: `/class/${encodeURIComponent(GAME_TITLES[0]!)}` },
          { path: '/puzzle', ...cards },
          { path: '/games-of-2024' },
        ];
  return [...own, ...sharedVisits(username)];
}

/** The route patterns each layout's router declares (src/app/routes.tsx), as absolute paths. */
function routerPatterns(): Record<Layout, string[]> {
  const patternsIn = (text: string) => [
    ...(/<Route index\b/.test(text) ? ['/'] : []),
    ...[...text.matchAll(/<Route path="([^"]+)"/g)].map((match) => `/${match[1]!}`),
  ];
  const defaultAt = ROUTER_SOURCE.indexOf('export const defaultRoutes');
  const variantAt = ROUTER_SOURCE.indexOf('export const variantRoutes');
  const end = ROUTER_SOURCE.indexOf('export function DefaultRoutes');
  if (defaultAt < 0 || variantAt < defaultAt || end < variantAt) throw new Error('src/app/routes.tsx no longer declares defaultRoutes, then variantRoutes, then DefaultRoutes');
  const shared = patternsIn(ROUTER_SOURCE.slice(0, defaultAt));
  return {
    default: [...shared, ...patternsIn(ROUTER_SOURCE.slice(defaultAt, variantAt))],
    variant: [...shared, ...patternsIn(ROUTER_SOURCE.slice(variantAt, end))],
  };
}

/** A student whose pages have something on them: a profile, Dabloons, a score, a chat message, moderator and creator status. */
async function studentWithHistory(page?: Page): Promise<{ student: Student; username: string }> {
  const student = page === undefined ? (await signUpViaApi()).student : await signInNewStudent(page);
  await onboard(student);
  await serviceInsert('coins_transactions', { user_id: student.userId, amt: 1_000, why: 'e2e grant' });
  await serviceInsert('moderators', { user_id: student.userId, granted_by: 'e2e operator' });
  await serviceInsert('creators', { user_id: student.userId, granted_by: 'e2e operator' });
  await studentRpc(student, 'submit_score', { p_app_id: 'snake', p_score: 420, p_client_id: randomUUID(), p_duration_ms: 60_000 });
  await studentSays(student, `accessibility check ${randomUUID().slice(0, 8)}`);
  const [profile] = await serviceSelect<{ username: string }>('my_users', `user_id=eq.${student.userId}&select=username`);
  return { student, username: profile!.username };
}

/** Waits until the page shows its data: the page, the session's state, no "Loading…", no busy region, a quiet network, finished animations. */
async function settle(page: Page, visit: Visit, layout: Layout, signedIn: boolean): Promise<void> {
  await expect(page.locator('main [data-testid^="page-"]').first()).toBeVisible();
  await expect(page.getByTestId(layout === 'default' ? 'footer' : 'variant-footer')).toBeVisible();
  // Counted once the session has been read: before that the account item is a placeholder, not the link.
  await expect(page.getByTestId('account-pending')).toHaveCount(0);
  const account = page.getByTestId('account-link');
  if ((await account.count()) > 0) {
    if (signedIn) await expectSignedIn(page);
    else await expect(account).toHaveText('Sign in');
  }
  if (visit.ready !== undefined) await expect(page.locator(visit.ready).first()).toBeVisible();
  await expect(page.getByTestId('loading-bar')).toHaveCount(0);
  await expect(page.locator('main').getByText(/^Loading\b/)).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function analyse(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(() => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };
    return axe.run(document, { iframes: false, resultTypes: ['violations'] });
  });
}

/**
 * axe cannot judge text over a picture: over the page's background pattern it leaves colour contrast
 * "incomplete", so text made unreadable by the symbols behind it would pass unseen. The page is checked
 * again with the body's pattern replaced by each colour the pattern is drawn in, one after another: the
 * text must be readable wherever it crosses a symbol.
 */
async function analyseOverPattern(page: Page): Promise<Result[]> {
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };
    const body = document.body;
    const url = /url\("?([^")]+)"?\)/.exec(getComputedStyle(body).backgroundImage)?.[1];
    if (url === undefined || !new URL(url, location.href).pathname.endsWith('.svg')) return [];
    const colours = [...new Set((await (await fetch(url)).text()).match(/#[0-9a-f]{6}\b/gi) ?? [])];
    const found: Result[] = [];
    try {
      for (const colour of colours) {
        body.style.setProperty('background-image', 'none', 'important');
        body.style.setProperty('background-color', colour, 'important');
        const results = await axe.run(document, { iframes: false, runOnly: ['color-contrast'], resultTypes: ['violations'] });
        for (const violation of results.violations) found.push({ ...violation, id: `${violation.id} (over the background pattern's ${colour})` });
      }
    } finally {
      body.style.removeProperty('background-image');
      body.style.removeProperty('background-color');
    }
    return found;
  });
}

function impactOf(violation: Result, node: NodeResult): ImpactValue {
  return node.impact ?? violation.impact ?? null;
}

/** One line for an element at fault: where, the rule and its impact, the element, and what is wrong with it. */
function describe(path: string, violation: Result, node: NodeResult): string {
  const checks = [...node.any, ...node.all, ...node.none].map((check) => check.message).filter((message) => message !== '');
  const why = checks.length > 0 ? checks.join(' / ') : (node.failureSummary ?? violation.help);
  return `${path} [${impactOf(violation, node) ?? 'unknown'}] ${violation.id} at ${node.target.join(' ')}: ${why}`;
}

test.describe.configure({ mode: 'parallel' });
test.use({ viewport: { width: 1366, height: 768 } });

test('every route of both layouts is in the list the accessibility check visits', () => {
  const patterns = routerPatterns();
  for (const layout of ['default', 'variant'] as const) {
    const paths = visitsOf(layout, 'someone').map((visit) => visit.path);
    expect(patterns[layout].length).toBeGreaterThan(10);
    const unvisited = patterns[layout].filter((pattern) => !paths.some((path) => matchPath(pattern, path) !== null));
    expect(unvisited, `${layout} layout routes nobody checks`).toEqual([]);
  }
});

// The default layout in both colour schemes (the student's or the system's choice, ui/tokens.css); the
// variant's dark green is one theme whatever the scheme.
const RUNS = [
  { layout: 'default', scheme: 'light' },
  { layout: 'default', scheme: 'dark' },
  { layout: 'variant', scheme: 'light' },
] as const;

for (const { layout, scheme } of RUNS) {
  for (const signedIn of [false, true]) {
    const label = `${layout} layout${layout === 'default' ? `, ${scheme} scheme` : ''}, signed ${signedIn ? 'in' : 'out'}`;
    test(`${label}: no critical or serious axe violation on any route`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.emulateMedia({ colorScheme: scheme });
      const { username } = await studentWithHistory(signedIn ? page : undefined);
      if (layout === 'variant') {
        await page.addInitScript(() => window.localStorage.setItem('portal.override', JSON.stringify({ layout: 'variant', flag: 'test' })));
      }
      const found: string[] = [];
      const tally = new Map<string, number>(IMPACTS.map((impact) => [impact as string, 0]));
      const perRoute: string[] = [];
      const visits = visitsOf(layout, username);
      for (const visit of visits) {
        await page.goto(visit.path);
        await settle(page, visit, layout, signedIn);
        const here = new Map<string, number>();
        for (const violation of [...(await analyse(page)).violations, ...(await analyseOverPattern(page))]) {
          for (const node of violation.nodes) {
            const impact = impactOf(violation, node) ?? 'unknown';
            here.set(impact, (here.get(impact) ?? 0) + 1);
            tally.set(impact, (tally.get(impact) ?? 0) + 1);
            if (FAILING.includes(impactOf(violation, node))) found.push(describe(visit.path, violation, node));
          }
        }
        if (here.size > 0) perRoute.push(`  ${visit.path}: ${[...here].map(([impact, count]) => `${count} ${impact}`).join(', ')}`);
      }
      const summary = [...tally].map(([impact, count]) => `${count} ${impact}`).join(', ');
      console.log([`axe, ${label}, ${visits.length} routes: ${summary}`, ...perRoute].join('\n'));
      expect(found.length, `critical or serious violations (${label}):\n${found.join('\n')}\n`).toBe(0);
    });
  }
}
