// A student as the fault tests need one: signed in, past onboarding, with the service worker and the
// shop in place, and doing the things that go through the outbox the way a student does them.
import { expect, type Page } from '@playwright/test';
import { expectSignedIn } from './account.ts';
import { backendUrl, localKeys, signInNewStudent, studentRpc, type Student } from './backend.ts';
import type { LedgerEntry } from './ledger.ts';
import { mirroredCoins, outboxRows, type OutboxRow } from './outbox.ts';

/** Light bundled games (no animation loop), so a hundred visits stay cheap on a slow machine. */
export const QUIET_GAMES = ['2048', 'Minesweeper', 'Memory Match'] as const;

export const BUY_ITEM = 'desktop_goose';
export const BUY_PRICE = 100;

/** Answers onboarding for a student, so the portal opens on the page asked for. */
export async function onboard(student: Student, base = backendUrl): Promise<void> {
  const { anonKey } = await localKeys();
  await studentRpc(student, 'ensure_profile', {}, base);
  const response = await fetch(`${base}/rest/v1/my_users?user_id=eq.${student.userId}`, {
    method: 'PATCH',
    headers: { apikey: anonKey, authorization: `Bearer ${student.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ where_from: 'A teacher' }),
  });
  if (!response.ok) throw new Error(`onboarding failed: ${response.status} ${await response.text()}`);
}

/** A new student, signed in on the page and past onboarding. */
export async function onboardedStudent(page: Page, base = backendUrl): Promise<Student> {
  const student = await signInNewStudent(page, undefined, base);
  await onboard(student, base);
  return student;
}

/** Loads the portal once and waits until its service worker controls the page. */
export async function installServiceWorker(page: Page, url = '/'): Promise<void> {
  await page.goto(url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Signed in and mirrored, with the shop's items on the device; the page ends on the app list. */
export async function readyStudent(page: Page, options: { base?: string; url?: string } = {}): Promise<Student> {
  const url = options.url ?? '/';
  const student = await onboardedStudent(page, options.base);
  await installServiceWorker(page, url);
  await expectSignedIn(page);
  await expect.poll(() => mirroredCoins(page, student.userId), { timeout: 15_000 }).not.toBeNull();
  await page.goto(new URL('/shop', page.url()).href);
  await expect(page.getByTestId(`buy-${BUY_ITEM}`)).toBeVisible();
  await page.goto(url);
  await expect(page.getByTestId('page-app-list')).toBeVisible();
  return student;
}

/**
 * Opens a game from the app list through the navbar and the game's card, as a student does: each
 * visit queues one "app played" (see queuedSince to wait for it while the backend is out of reach).
 */
export async function playGame(page: Page, title: string): Promise<void> {
  await openSection(page, 'Games');
  await expect(page.getByTestId('page-app-list')).toBeVisible();
  await page
    .getByTestId('app-card')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .click();
  await expect(page.getByTestId('player')).toBeVisible();
}

/**
 * Waits until the outbox holds `count` rows that are not in `known`, adds them to it and returns them.
 * Only for a backend out of reach: a drain that gets through deletes rows before they can be seen.
 */
export async function queuedSince(page: Page, known: Set<string>, count: number): Promise<OutboxRow[]> {
  let fresh: OutboxRow[] = [];
  await expect
    .poll(
      async () => {
        fresh = (await outboxRows(page)).filter((row) => !known.has(row.id));
        return fresh.length;
      },
      { timeout: 10_000 },
    )
    .toBe(count);
  for (const row of fresh) known.add(row.id);
  return fresh;
}

/** Opens a page of the navbar ('Games', 'Streak', 'Shop' ...) without reloading the portal. */
export async function openSection(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
}

/** Claims the daily streak on its page. */
export async function claimStreak(page: Page): Promise<void> {
  await openSection(page, 'Streak');
  await page.getByTestId('claim-streak').click();
  await expect(page.getByTestId('claim-streak')).toHaveCount(0);
}

/** Buys the shop's cheapest item, the desktop goose. */
export async function buyItem(page: Page): Promise<void> {
  await openSection(page, 'Shop');
  await page.getByTestId(`buy-${BUY_ITEM}`).click();
  await expect(page.getByTestId(`owned-${BUY_ITEM}`)).toBeVisible();
}

/** What queueClaimBuyAndPlays leaves on the server once it is sent, in order. */
export const CLAIM_BUY_AND_PLAYS: LedgerEntry[] = [
  { amt: 100, why: 'streak claim' },
  { amt: -BUY_PRICE, why: `bought ${BUY_ITEM}` },
  { amt: 2, why: 'app played (streak bonus x2)' },
  { amt: 2, why: 'app played (streak bonus x2)' },
];

/**
 * With the backend out of reach: claims the streak, buys the goose and plays two games, waits until the
 * four are queued (adding them to `made`), and goes back to the app list, since reloading a game's page
 * would rightly count as playing it again.
 */
export async function queueClaimBuyAndPlays(page: Page, made: Set<string>): Promise<void> {
  await claimStreak(page);
  await buyItem(page);
  await playGame(page, QUIET_GAMES[0]);
  await playGame(page, QUIET_GAMES[1]);
  await queuedSince(page, made, 4);
  await openSection(page, 'Games');
}

/** Signs in through the sign-in page, as a student does on a device that has no session. */
export async function signInThroughForm(page: Page, student: Student): Promise<void> {
  await page.getByTestId('account-link').click();
  await page.getByLabel('E-mail').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).and(page.locator('[type=submit]')).click();
  await expectSignedIn(page);
}

/** Signs out from the settings page (the portal reloads afterwards). */
export async function signOut(page: Page): Promise<void> {
  await openSection(page, 'Settings');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('account-link')).toHaveText('Sign in');
}
