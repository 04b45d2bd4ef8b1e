// The portal under its own Content-Security-Policy (supabase/embedded/security-headers.ts): no inline
// script runs in the portal's pages, and the bundled games, whose code is all inline, still play, online
// and offline, because each comes in a frame of its own with its own sandboxing policy.
import { expect, test, type Page } from '@playwright/test';
import { test as linked } from './support/backendLink.ts';
import { gameFrame, openClassGame } from './support/bundledGames.ts';
import { installServiceWorker } from './support/student.ts';

/** Every policy violation the page or one of its frames reports to the console. */
function violations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

test('the portal refuses inline script, and its pages and a game run with no violation', async ({ page }) => {
  const refused = violations(page);
  const response = await page.goto('/');
  const policy = response!.headers()['content-security-policy']!;
  expect(/(^|; )script-src ([^;]*)/.exec(policy)?.[2]).toBe("'self'");
  await expect(page.getByTestId('app-card').first()).toBeVisible();

  // What an injected <script> would do, if markup ever got through: nothing.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'document.documentElement.dataset.injected = "ran"';
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return document.documentElement.dataset.injected ?? 'refused';
  });
  expect(ran).toBe('refused');
  expect(refused.some((text) => /inline script/i.test(text))).toBe(true);
  refused.length = 0;

  for (const path of ['/shop', '/pass', '/leaderboard', '/chad', '/cache']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' }), path).toHaveCount(0);
  }
  const game = await openClassGame(page, '/2048');
  await page.keyboard.press('ArrowLeft');
  await expect(game.locator('#score')).toHaveText(/^\d+$/);
  expect(refused).toEqual([]);
});

linked('a bundled game plays offline under the policies, served by the service worker', async ({ page, link }) => {
  const refused = violations(page);
  await installServiceWorker(page);
  await link.goOffline();
  const game = await openClassGame(page, '/minesweeper');
  await expect(gameFrame(page).locator('#game')).toBeVisible();
  expect(['ready', 'playing']).toContain(await game.locator('body').getAttribute('data-state'));
  expect(refused).toEqual([]);
});
