// A classroom (issue #19, #26): the teacher runs `npm start -- --host <address>` and each Chromebook
// opens the portal at the laptop's address on the class network. Here the class network is made on
// this machine (tests/support/classNetwork.ts): each device a network namespace with a link of its own
// to the laptop, the browser run inside one of them, the portal served at the laptop's end of that
// link. The page reaches the backend at that same address: a student signs up there, and nothing the
// page loads or calls goes to 127.0.0.1. What a device on the network may not do holds too: the mailbox
// (reset links are keys to accounts) is refused to it, and the per-device limits count it as a device
// of its own. No request goes to this machine's address on a real network.
import { join } from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { classNetworkSkipReason, makeClassDevice, type ClassDevice } from '../support/classNetwork.ts';
import { localKeys, uniqueEmail } from './support/backend.ts';
import { chromiumLaunchOptions } from './support/chromium.ts';
import { OwnBackend } from './support/ownBackend.ts';

/** Sign-ins and sign-ups per device in 5 minutes on this backend: low, so a test can reach it. */
const SIGN_INS_PER_DEVICE = 4;

test.describe('a device on the class network', () => {
  test.describe.configure({ mode: 'serial' });
  const unavailable = classNetworkSkipReason();
  test.skip(unavailable !== null, `No classmate's device can be made on this machine: ${unavailable}`);

  let chromebook: ClassDevice | undefined;
  let tablet: ClassDevice | undefined;
  let backend: OwnBackend | undefined;
  let browser: Browser | undefined;

  test.beforeAll(async () => {
    chromebook = await makeClassDevice();
    tablet = await makeClassDevice();
    const port = Number(process.env.E2E_BACKEND_PORT) + 3;
    const origin = `http://${chromebook.hostAddress}:${port}`;
    backend = new OwnBackend(
      port,
      join(process.env.E2E_DATA_DIR!, 'classroom-backend'),
      ['--host', chromebook.hostAddress, '--public-url', origin, '--site-dir', join(process.env.E2E_DATA_DIR!, 'dist')],
      { AUTH_RATE_LIMITS: JSON.stringify({ sign_in_sign_ups: SIGN_INS_PER_DEVICE }) },
    );
    await backend.start();
    browser = await chromium.launch({ ...chromiumLaunchOptions, executablePath: chromebook.wrapper(chromiumLaunchOptions.executablePath) });
  });

  // Runs when a test failed too: no namespace, link or server outlives the suite.
  test.afterAll(async () => {
    await browser?.close();
    await backend?.stop();
    await chromebook?.close();
    await tablet?.close();
  });

  test("opens the portal at the laptop's address, signs up there, and reaches nothing else", async () => {
    const origin = backend!.url;
    const page = await browser!.newPage();
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

    // The account is on the laptop's backend: another device of the class signs in with it.
    const { anonKey } = await localKeys();
    const signIn = await tablet!.fetch(`${origin}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'chromebook-lantern-7' }),
    });
    expect(signIn.status).toBe(200);
    expect(elsewhere).toEqual([]);
    await page.close();
  });

  test('the mailbox is refused to it, with or without the anon key', async () => {
    const origin = backend!.url;
    const page = await browser!.newPage();
    await page.goto(`${origin}/`);
    const { anonKey } = await localKeys();
    const answers = await page.evaluate(async (key) => {
      const plain = await fetch('/mailbox');
      const keyed = await fetch('/mailbox', { headers: { apikey: key } });
      return [plain.status, await plain.text(), keyed.status];
    }, anonKey);
    expect(answers[0]).toBe(403);
    expect(answers[1]).toContain('The mailbox is shown only on the machine that runs the backend.');
    expect(answers[1]).not.toContain('verify');
    expect(answers[2]).toBe(403);
    expect((await tablet!.fetch(`${origin}/mailbox`)).status).toBe(403);
    await page.close();
  });

  test('its sign-ins count against its own limit, not the class\'s', async () => {
    const origin = backend!.url;
    const { anonKey } = await localKeys();
    const attempt = (device: ClassDevice) =>
      device.fetch(`${origin}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('nobody'), password: 'not-the-password-1' }),
      });
    // Until the Chromebook is refused (it may have used some of its count on a sign-up already)...
    const statuses: number[] = [];
    while (statuses.at(-1) !== 429 && statuses.length <= SIGN_INS_PER_DEVICE) statuses.push((await attempt(chromebook!)).status);
    expect(statuses[0]).toBe(400);
    expect(statuses.at(-1)).toBe(429);
    // ...while the tablet is another device, with a count of its own.
    expect((await attempt(tablet!)).status).toBe(400);
  });
});
