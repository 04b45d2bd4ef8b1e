// A screenshot of every route at a laptop's and a phone's size, light and dark (issue 27), compared with the
// committed ones (snapshots.spec.ts-snapshots/), so a layout change shows in review as a changed picture.
// Update them on purpose: npx playwright test tests/e2e/snapshots.spec.ts --update-snapshots
// The pictures must not depend on what other tests did: the spec runs its own backend (its own fresh
// database, serving the same build), seeds students with fixed names, holds the page's clock still (at
// the server's time: a clock far off makes the portal warn about it), and masks what comes from either
// clock (dates, countdowns), the one count that races the picture (the Dabloon for opening a game) and
// the game inside its frame. The server's clock is the real one: a season's dates and whether it runs
// come from it, so a picture of /pass changes when its season ends (update it then, on purpose).
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { matchPath } from 'react-router-dom';
import { expectSignedIn } from './support/account.ts';
import { defaultPatterns } from './support/routes.ts';
import { localKeys, signInExistingStudent, signUpViaApi, studentRpc, type Student } from './support/backend.ts';
import { OwnBackend } from './support/ownBackend.ts';


const MONTH = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*';
const SPAN = '(seconds?|minutes?|min|hours?|h|days?|d|weeks?)';
/** Dates and times on the pages, from the server's clock or the device's: "Nov 26", "19 November", "5:58", "in 30 days", "2 h ago", "23h 59m". */
const CLOCK_TEXT = new RegExp(
  [`\\b${MONTH} \\d{1,2}\\b`, `\\b${MONTH} \\d{4}\\b`, `\\b\\d{1,2} ${MONTH}\\b`, '\\b\\d{1,2}:\\d{2}\\b', `\\bin \\d+ ?${SPAN}\\b`, `\\b\\d+ ?${SPAN} (ago|left)\\b`, '\\b\\d+h \\d+m\\b'].join('|'),
);
const USERNAME = 'SnapshotOtter';

interface Visit {
  /** The picture's name. */
  name: string;
  path: string;
  /** Seen as a visitor rather than as the seeded student. */
  visitor?: boolean;
  /** Seen by a student who has not answered onboarding yet. */
  newcomer?: boolean;
  /** Seen by a student of its own, who opens a game (which earns a Dabloon while the picture is taken). */
  player?: boolean;
  /** What shows once the page's data has rendered. */
  ready?: string;
}

const VISITS: Visit[] = [
  { name: 'home', path: '/', ready: '[data-testid="app-card"]' },
  { name: 'home-visitor', path: '/', visitor: true, ready: '[data-testid="app-card"]' },
  { name: 'class', path: '/class', ready: '[data-testid="app-card"]' },
  { name: 'category', path: '/puzzle', ready: '[data-testid="app-card"]' },
  { name: 'game', path: '/class/2048', player: true, ready: '[data-testid="player"]' },
  { name: 'class-creator', path: '/class/creator' },
  { name: 'yt', path: '/yt' },
  { name: 'leaderboard', path: '/leaderboard' },
  { name: 'streak', path: '/streak' },
  { name: 'shop', path: '/shop', ready: '[data-testid="shop-store"] .item-card' },
  { name: 'pass', path: '/pass', ready: '[data-testid="season"], [data-testid="tier-track"]' },
  { name: 'chad', path: '/chad' },
  { name: 'friends', path: '/friends' },
  { name: 'match-missing', path: '/play/1' },
  { name: 'match-join', path: '/play/join/AAAAAAAAAAAAAAAA' },
  { name: 'settings', path: '/settings' },
  { name: 'auth', path: '/auth', visitor: true },
  { name: 'auth-callback', path: '/auth/callback', visitor: true },
  { name: 'onboarding', path: '/onboarding', newcomer: true },
  { name: 'profile', path: '/profile' },
  { name: 'profile-public', path: `/profile/${USERNAME}` },
  { name: 'creator', path: '/creator' },
  { name: 'creator-videos', path: '/creator/abc' },
  { name: 'creator-video', path: '/creator/abc/xyz' },
  { name: 'moderate', path: '/moderate' },
  { name: 'iframe-check', path: '/iframeCheck' },
  { name: 'cache', path: '/cache' },
  { name: 'mirrors', path: '/mirrors' },
  { name: 'takedown', path: '/takedown' },
  { name: 'privacy', path: '/privacy' },
  { name: 'terms', path: '/terms' },
  { name: 'change-password', path: '/change-password' },
  { name: 'not-found', path: '/no-such-page' },
];

const SIZES = [
  { size: 'laptop', viewport: { width: 1366, height: 768 } },
  { size: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** A student of the spec's own backend, under a fixed name (the made-up one is random), optionally past onboarding. */
async function seededStudent(base: string, email: string, username: string, onboarded: boolean): Promise<Student> {
  const { student } = await signUpViaApi(email, undefined, base);
  await studentRpc(student, 'ensure_profile', {}, base);
  const { anonKey } = await localKeys();
  const answers = onboarded ? { username, where_from: 'A teacher' } : { username };
  const response = await fetch(`${base}/rest/v1/my_users?user_id=eq.${student.userId}`, {
    method: 'PATCH',
    headers: { apikey: anonKey, authorization: `Bearer ${student.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(answers),
  });
  if (!response.ok) throw new Error(`seeding ${username} failed: ${response.status} ${await response.text()}`);
  return student;
}

/** Waits until the page shows its data: the page, the session's state, no "Loading…", a quiet network, the fonts. */
async function settle(page: Page, visit: Visit): Promise<void> {
  await expect(page.locator('main [data-testid^="page-"]').first()).toBeVisible();
  await expect(page.getByTestId('footer')).toBeAttached();
  // Counted once the session has been read: before that the account item is a placeholder, not the link.
  await expect(page.getByTestId('account-pending')).toHaveCount(0);
  const account = page.getByTestId('account-link');
  if ((await account.count()) > 0) {
    if (visit.visitor === true) await expect(account).toHaveText('Sign in');
    else await expectSignedIn(page);
  }
  if (visit.ready !== undefined) await expect(page.locator(visit.ready).first()).toBeVisible();
  await expect(page.getByTestId('loading-bar')).toHaveCount(0);
  await expect(page.locator('main').getByText(/^Loading\b/)).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const images = [...document.images].filter((image) => !image.complete);
        let left = images.length;
        if (left === 0) resolve();
        for (const image of images) image.addEventListener('loadend', () => (left -= 1) === 0 && resolve(), { once: true });
        setTimeout(resolve, 5_000);
      }),
  );
}

// No service worker: its precache races the picture (/cache says whether each bundled game is kept yet,
// in a line whose length moves the rows below it), and no picture is of the worker's doing.
test.use({ serviceWorkers: 'block' });

let backend: OwnBackend | undefined;
let student: Student | undefined;
let newcomer: Student | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const data = process.env.E2E_DATA_DIR!;
  // Every picture signs a student in again from this one address, as the suite's own server allows (playwright.config.ts).
  backend = new OwnBackend(Number(process.env.E2E_BACKEND_PORT) + 4, join(data, `snapshots-backend-${process.pid}`), ['--site-dir', join(data, 'dist')], {
    AUTH_RATE_LIMITS: JSON.stringify({ sign_in_sign_ups: 5000, token_verifications: 5000 }),
  });
  await backend.start();
  student = await seededStudent(backend.url, 'snapshot-student@example.test', USERNAME, true);
  newcomer = await seededStudent(backend.url, 'snapshot-newcomer@example.test', 'SnapshotNewt', false);
});

test.afterAll(async () => {
  await backend?.stop();
});

test('every route of the default layout has a picture', () => {
  const paths = VISITS.map((visit) => visit.path);
  const unvisited = defaultPatterns().filter((pattern) => !paths.some((path) => matchPath(pattern, path) !== null));
  expect(unvisited).toEqual([]);
});

/** One picture of a visit at a size in a scheme. */
function picture(visit: Visit, size: string, scheme: string): void {
  test(visit.name, async ({ page }) => {
    await page.clock.setFixedTime(new Date());
    if (visit.newcomer === true) await signInExistingStudent(page, newcomer!, backend!.url);
    else if (visit.player === true) await signInExistingStudent(page, await seededStudent(backend!.url, `snapshot-${size}-${scheme}@example.test`, `Gecko_${size}_${scheme}`, true), backend!.url);
    else if (visit.visitor !== true) await signInExistingStudent(page, student!, backend!.url);
    await page.goto(`${backend!.url}${visit.path}`);
    await settle(page, visit);
        const mask = [page.locator('main').getByText(CLOCK_TEXT), page.locator('time'), page.getByTestId('storage-estimate').locator('p, progress')];
    // The game draws itself from its own random numbers (2048's first tiles): the portal's layout around it is the picture.
    if (visit.player === true) mask.push(page.getByTestId('coin-balance'), page.getByTestId('player').locator('iframe'));
    // A changed layout moves tens of thousands of pixels; a Chromium update redraws a few hundred glyph edges.
    await expect(page).toHaveScreenshot(`${visit.name}-${size}-${scheme}.png`, { mask, maxDiffPixelRatio: 0.002 });
  });
}

// Opening a game puts it on the home page's "Popular this week": the game pictures come after all the
// others, so every other picture is of a portal where nobody has played yet, whichever ones a run takes.
for (const players of [false, true]) {
  for (const { size, viewport } of SIZES) {
    for (const scheme of SCHEMES) {
      test.describe(`${size}, ${scheme}`, () => {
        test.use({ viewport, colorScheme: scheme, hasTouch: size === 'phone', isMobile: size === 'phone' });
        for (const visit of VISITS) if ((visit.player === true) === players) picture(visit, size, scheme);
      });
    }
  }
}
