// Sign-up with e-mail confirmation on (hosted Supabase's default; supabase/config.toml's
// [auth.email] enable_confirmations = true on the embedded backend): the student is told to open the
// mail, cannot sign in before, may ask for the link again, and the link signs them in and leads to
// onboarding. The same sign-up with confirmation off is in accounts.spec.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test as base } from '@playwright/test';
import { expectSignedIn } from './support/account.ts';
import { OwnBackend } from './support/ownBackend.ts';

const PASSWORD = 'violet lanterns drift upstream';

const test = base.extend<{ backend: OwnBackend }>({
  backend: [
    async ({}, use) => {
      const data = process.env.E2E_DATA_DIR!;
      const config = join(data, 'confirmations.config.toml');
      const project = readFileSync(new URL('../../supabase/config.toml', import.meta.url), 'utf8');
      writeFileSync(config, project.replace(/^enable_confirmations = false$/m, 'enable_confirmations = true'));
      const backend = new OwnBackend(Number(process.env.E2E_BACKEND_PORT) + 2, join(data, 'confirmations-backend'), [
        '--site-dir',
        join(data, 'dist'),
        '--config',
        config,
      ]);
      await backend.start();
      await use(backend);
      await backend.stop();
    },
    // Starting a backend on a fresh folder migrates it: past 30 s on a busy machine (seen in CI).
    { timeout: 120_000 },
  ],
});

/** The confirmation link of the newest mail to `email` in the backend's mailbox. */
async function confirmationLink(backend: OwnBackend, email: string): Promise<string> {
  const page = await (await fetch(`${backend.url}/mailbox`)).text();
  const mail = page.split('<article>').find((article) => article.includes(email) && article.includes('type=signup'));
  const href = /href="([^"]+type=signup[^"]*)"/.exec(mail ?? '')?.[1];
  if (href === undefined) throw new Error(`no confirmation mail for ${email}`);
  return href.replaceAll('&amp;', '&');
}

test('a sign-up waits for its mailed link, then the link signs the student in and leads to onboarding', async ({ page, backend }) => {
  const email = `confirm_${Date.now().toString(36)}@example.test`;
  await page.goto(`${backend.url}/auth`);
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('auth-notice')).toHaveText(
    `Almost there: we sent a mail to ${email}. Open the link in it to finish creating your account, then sign in here.`,
  );
  await expect(page.getByTestId('account-link')).toHaveText('Sign in');

  // Signing in before opening the mail: told what to do, and offered the link again.
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('auth-error')).toHaveText('Open the link in the mail we sent you to finish creating your account, then sign in.');
  await page.getByTestId('auth-resend').click();
  // The mail went out moments ago: the next may leave in a minute, and the student is told so.
  await expect(page.getByTestId('auth-error')).toContainText('a new mail can be sent to this address in');

  await page.goto(await confirmationLink(backend, email));
  await expect(page).toHaveURL(`${backend.url}/onboarding`);
  await page.getByLabel('A teacher').check();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(`${backend.url}/`);
  await expectSignedIn(page);
});
