// The access token ran out during two days offline (the embedded backend, like Supabase, issues them
// for an hour). Back online, the session is renewed with the refresh token and the outbox drains as
// the same student; and when the server ended the session meanwhile, the student is asked to sign in
// again and nothing queued is lost: it drains once they are back.
import { expect, type Page } from '@playwright/test';
import { expectSignedIn } from '../support/account.ts';
import { authStorageKey, backendUrl, localKeys, signUpViaApi, type Student } from '../support/backend.ts';
import { test, type BackendLink } from '../support/backendLink.ts';
import { appliedClientIds, serverLedger } from '../support/ledger.ts';
import { outboxRows } from '../support/outbox.ts';
import {
  CLAIM_BUY_AND_PLAYS,
  onboard,
  playGame,
  QUIET_GAMES,
  queueClaimBuyAndPlays,
  readyStudent,
  signInThroughForm,
  signOut,
} from '../support/student.ts';

const DAY_SECONDS = 24 * 60 * 60;
const TOKEN_LIFETIME_SECONDS = 3600;

interface StoredSession {
  access_token: string;
  expires_at: number;
  user: { id: string };
}

function storedSession(page: Page): Promise<StoredSession | null> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as StoredSession | null, authStorageKey);
}

/**
 * Makes the stored session what it would be after `days` offline: an access token issued then, which the
 * server refuses as expired (it is signed with the backend's own key), with its expiry in the past.
 */
async function ageStoredSession(page: Page, days: number): Promise<string> {
  const session = await storedSession(page);
  if (session === null) throw new Error('no stored session');
  const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  const issuedAt = Math.floor(Date.now() / 1000) - days * DAY_SECONDS;
  const keys = await localKeys();
  const token = await keys.sign({ ...claims, iat: issuedAt, exp: issuedAt + TOKEN_LIFETIME_SECONDS });
  const aged = { ...session, access_token: token, expires_at: issuedAt + TOKEN_LIFETIME_SECONDS };
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [authStorageKey, JSON.stringify(aged)]);
  return token;
}

/** Two days offline, then the portal is opened again (still offline) and the student claims, buys and plays. */
async function twoDaysOffline(page: Page, link: BackendLink, made: Set<string>): Promise<string> {
  await link.goOffline();
  const agedToken = await ageStoredSession(page, 2);
  await page.reload();
  await expectSignedIn(page);
  await queueClaimBuyAndPlays(page, made);
  return agedToken;
}

async function expectLandedOnce(page: Page, student: Student, made: Set<string>): Promise<void> {
  await expect.poll(() => outboxRows(page), { timeout: 60_000 }).toEqual([]);
  expect(await serverLedger(student)).toEqual(CLAIM_BUY_AND_PLAYS);
  expect((await appliedClientIds(student)).sort()).toEqual([...made].sort());
}

test('a token that expired during two days offline is renewed on reconnect, and the outbox drains as the same student', async ({
  page,
  link,
}) => {
  test.setTimeout(180_000);
  const student = await readyStudent(page);
  const made = new Set<string>();
  const agedToken = await twoDaysOffline(page, link, made);
  expect(await serverLedger(student)).toEqual([]);

  await link.goOnline();
  await expectLandedOnce(page, student, made);
  await expectSignedIn(page);
  const renewed = await storedSession(page);
  expect(renewed?.user.id).toBe(student.userId);
  expect(renewed?.access_token).not.toBe(agedToken);
  expect(renewed?.expires_at).toBeGreaterThan(Date.now() / 1000);
});

test('a session the server ended during two days offline asks for a new sign-in, and the outbox drains after it', async ({
  page,
  context,
  link,
}) => {
  test.setTimeout(180_000);
  const student = await readyStudent(page);
  const made = new Set<string>();
  await twoDaysOffline(page, link, made);

  // Meanwhile the student signed out everywhere from another device: this device's refresh token is dead.
  const { anonKey } = await localKeys();
  const logout = await fetch(`${backendUrl}/auth/v1/logout?scope=global`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${student.accessToken}` },
  });
  expect(logout.status).toBe(204);

  await link.goOnline();
  await expect(page.getByTestId('account-link')).toHaveText('Sign in', { timeout: 30_000 });
  // Signed out, yet nothing queued was dropped, and nothing was sent without a session.
  expect((await outboxRows(page)).map((row) => row.id).sort()).toEqual([...made].sort());
  expect(await serverLedger(student)).toEqual([]);

  // The portal is opened again, and first a classmate signs in on this device and plays: their play is
  // sent, the student's queued changes are not (they are sent only with the student's own session).
  const tab = await context.newPage();
  await page.close();
  await tab.goto('/');
  const { student: classmate } = await signUpViaApi();
  await onboard(classmate);
  await signInThroughForm(tab, classmate);
  await playGame(tab, QUIET_GAMES[2]);
  await expect.poll(() => serverLedger(classmate), { timeout: 30_000 }).toEqual([{ amt: 1, why: 'app played' }]);
  // The classmate's play is more than one change (the coin may land before the rest is sent): the outbox
  // is waited on until it holds only the student's changes.
  await expect.poll(async () => (await outboxRows(tab)).map((row) => row.id).sort(), { timeout: 30_000 }).toEqual([...made].sort());
  expect(await serverLedger(student)).toEqual([]);
  await signOut(tab);

  await signInThroughForm(tab, student);
  await expectLandedOnce(tab, student, made);
  expect(await serverLedger(classmate)).toEqual([{ amt: 1, why: 'app played' }]);
});
