// Markup and script payloads that one student writes, seen by another in the browser (issue #10): the
// profile's about text, chat messages and a creator's video title and description show as the text
// that was typed. No element is made from them, no script runs (no flag set, no dialog, no request
// for the "x" image), and the page keeps its title.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { backendUrl, localKeys, signInNewStudent, signUpViaApi, studentSays, type Student } from './support/backend.ts';

const PAYLOADS = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1">',
  '<a href="javascript:window.__pwned = 1">click me</a>',
  'javascript:window.__pwned = 1',
  '"><svg onload="window.__pwned = 1">',
  '<iframe srcdoc="<script>parent.__pwned = 1</script>"></iframe>',
];

/** What must never appear inside a student's text once it is on the page. */
const ACTIVE = 'script, img, svg, iframe, object, embed, a[href^="javascript" i], [onerror], [onload], [srcdoc]';

async function call(student: Student, path: string, init: RequestInit): Promise<unknown> {
  const { anonKey } = await localKeys();
  const response = await fetch(`${backendUrl}${path}`, {
    ...init,
    headers: { apikey: anonKey, authorization: `Bearer ${student.accessToken}`, 'content-type': 'application/json', prefer: 'return=representation', ...init.headers },
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

const rpc = (student: Student, fn: string, args: Record<string, unknown>) => call(student, `/rest/v1/rpc/${fn}`, { method: 'POST', body: JSON.stringify(args) });

async function service(path: string, init: RequestInit): Promise<void> {
  const { serviceRoleKey } = await localKeys();
  const response = await fetch(`${backendUrl}${path}`, {
    ...init,
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json', prefer: 'return=minimal' },
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
}

/** Watches a page for anything a payload could make happen. */
function watch(page: Page) {
  const dialogs: string[] = [];
  const images: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    if (/\/x$/.test(new URL(request.url()).pathname)) images.push(request.url());
  });
  return {
    async expectNothingRan(): Promise<void> {
      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(images).toEqual([]);
    },
  };
}

test('markup written by one student is only text for another', async ({ page }) => {
  // The author: about text, chat messages and, as a creator, a video. Two authors share the
  // messages, each from a device of their own, because the chat allows a new account 3 messages per
  // 30 seconds and one device 5 per 10 seconds.
  const { student: author } = await signUpViaApi();
  const { student: second } = await signUpViaApi();
  const profile = (await rpc(author, 'ensure_profile', {})) as { username: string };
  await rpc(second, 'ensure_profile', {});
  const about = PAYLOADS.join('\n');
  await rpc(author, 'update_profile', { p_username: null, p_icon: null, p_user_about: about, p_client_id: randomUUID() });
  for (const [index, payload] of PAYLOADS.entries()) {
    await studentSays(index < 3 ? author : second, payload);
  }
  await service('/rest/v1/creators', { method: 'POST', body: JSON.stringify({ user_id: author.userId, granted_by: 'security test' }) });
  const [social] = (await call(author, '/rest/v1/creator_socials', {
    method: 'POST',
    body: JSON.stringify({ user_id: author.userId, platform: 'youtube', handle: 'payload_maker' }),
  })) as { id: number }[];
  const [title, description] = [PAYLOADS[0] as string, PAYLOADS[1] as string];
  await call(author, '/rest/v1/creator_videos', {
    method: 'POST',
    body: JSON.stringify({ social_id: social?.id, title, description, url: 'https://video.example/watch' }),
  });

  // The reader, signed in and past onboarding.
  const reader = await signInNewStudent(page);
  await rpc(reader, 'ensure_profile', {});
  await call(reader, `/rest/v1/my_users?user_id=eq.${reader.userId}`, { method: 'PATCH', body: JSON.stringify({ where_from: 'A teacher' }) });
  const seen = watch(page);

  await page.goto(`/profile/${profile.username}`);
  const aboutText = page.getByTestId('profile-about');
  await expect(aboutText).toBeVisible();
  expect(await aboutText.textContent()).toBe(about);
  await expect(aboutText.locator('*')).toHaveCount(0);
  await expect(page).toHaveTitle(new RegExp(`@${profile.username}`));

  await page.goto('/chad');
  const log = page.getByTestId('chat-log');
  for (const payload of PAYLOADS) await expect(log.locator('.chat-body').getByText(payload, { exact: true })).toHaveCount(1);
  await expect(log.locator('.chat-body').locator(ACTIVE)).toHaveCount(0);

  await page.goto(`/class/creator?u=${encodeURIComponent(profile.username)}`);
  const card = page.getByTestId('video-card');
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(title);
  await expect(card).toContainText(description);
  await expect(card.locator(ACTIVE)).toHaveCount(0);
  await expect(card.getByRole('link', { name: /Watch on/ })).toHaveAttribute('href', 'https://video.example/watch');

  await seen.expectNothingRan();
});
