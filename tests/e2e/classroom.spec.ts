// A classroom (issue #19): the teacher runs `npm start -- --host 0.0.0.0` (as this suite does) and a
// Chromebook opens the portal at the laptop's address on the class network. The page must reach the
// backend at that same address: a student signs up there, and the account is on this backend. The
// portal comes with its security headers, and nothing it loads or calls goes to 127.0.0.1.
import { networkInterfaces } from 'node:os';
import { expect, test } from '@playwright/test';
import { backendUrl, localKeys, uniqueEmail } from './support/backend.ts';

/** This machine's address on its network, as a classmate's device would use it. */
function lanAddress(): string {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  throw new Error('This machine has no IPv4 address besides loopback: the classroom test needs one.');
}

test('a device on the class network opens the portal at the laptop\'s address and signs up there', async ({ page }) => {
  const origin = `http://${lanAddress()}:${process.env.E2E_PORT}`;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== origin && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) elsewhere.push(request.url());
  });

  const home = await page.goto(`${origin}/`);
  expect(home?.status()).toBe(200);
  const csp = (await home?.allHeaders())?.['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'self'");

  const email = uniqueEmail('classroom');
  await page.getByTestId('account-link').click();
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('chromebook-lantern-7');
  // At the laptop's address (its query says where a confirmation link would lead).
  const signUp = page.waitForResponse((response) => response.url().split('?')[0] === `${origin}/auth/v1/signup`);
  await page.getByRole('button', { name: 'Create account' }).click();
  expect((await signUp).status()).toBe(200);
  await expect(page).toHaveURL(`${origin}/onboarding`);

  // The account is on this machine's backend: the teacher's own loopback address signs in with it.
  const { anonKey } = await localKeys();
  const signIn = await fetch(`${backendUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'chromebook-lantern-7' }),
  });
  expect(signIn.status).toBe(200);
  expect(elsewhere).toEqual([]);
});
