// Pages with nothing to list are never a dead end (issue 27): /yt with no video yet, /mirrors with no
// mirror, and the moderation desk with no case each say so and offer the next step.
// Other suites share this backend, its videos and its queues, so the tests answer those reads with
// nothing themselves; the suite's build lists no mirror.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { isBackendRequest, serviceInsert, signInNewStudent } from './support/backend.ts';

// Requests a service worker makes are out of page.route's reach.
test.use({ serviceWorkers: 'block' });

/** Answers the backend requests whose path ends so with an empty list until the returned function is called. */
async function answerNothing(page: Page, pathEnd: RegExp): Promise<() => Promise<void>> {
  const matches = (url: URL) => isBackendRequest(url) && pathEnd.test(url.pathname);
  await page.route(matches, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  return () => page.unroute(matches);
}

test('/yt with no video yet offers a visitor the way to become a creator', async ({ page }) => {
  await answerNothing(page, /\/rest\/v1\/creator_videos$/);
  await page.goto('/yt');
  const empty = page.getByTestId('empty-state');
  await expect(empty.getByRole('heading', { name: 'No creator videos yet' })).toBeVisible();
  await empty.getByRole('link', { name: 'Become a creator' }).click();
  await expect(page).toHaveURL(/\/creator$/);
});

test('/mirrors with no mirror listed offers to keep the games on this device', async ({ page }) => {
  await page.goto('/mirrors');
  const empty = page.getByTestId('empty-state');
  await expect(empty.getByRole('heading', { name: 'No mirrors are listed for this deployment' })).toBeVisible();
  await expect(page.getByTestId('mirror-list')).toHaveCount(0);
  await empty.getByRole('link', { name: 'Save games for offline' }).click();
  await expect(page).toHaveURL(/\/cache$/);
});

test('the desk with no case says nothing waits, and checking again shows a case that came in since', async ({ page }) => {
  const moderator = await signInNewStudent(page);
  await serviceInsert('moderators', { user_id: moderator.userId, granted_by: 'e2e operator' });
  const queues = await answerNothing(page, /\/rpc\/get_(pending_scores|open_chat_reports|reported_matches|open_takedowns|open_creator_applications)$/);
  await page.goto('/moderate');
  const empty = page.getByTestId('empty-state');
  await expect(empty.getByRole('heading', { name: 'Nothing waits for a decision' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest decisions' })).toBeVisible();

  const takedownUrl = `https://games.example/${randomUUID()}`;
  await serviceInsert('takedown_requests', { name: 'Ann Owner', email: 'ann@example.test', url: takedownUrl, reason: 'My game, copied.' });
  await queues();
  await empty.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByTestId('desk-takedown').filter({ hasText: takedownUrl })).toBeVisible();
  await expect(empty).toHaveCount(0);
});
