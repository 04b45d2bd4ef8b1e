import { expect, test, type Page } from '@playwright/test';
import { BUNDLED } from './support/bundledGames.ts';

// The bundled games as pages of the production build, opened on their own: each renders, answers the
// keyboard (and the pointer where that is the natural control), and reaches nothing but itself. The
// games inside the portal, through the SDK, are in gameSdk.spec.ts; offline in gamesOffline.spec.ts.

async function openGame(page: Page, id: string) {
  await page.goto(`/games/${id}/index.html`);
  await expect(page.locator('#game')).toBeVisible();
}

const state = (page: Page) => page.evaluate(() => document.body.dataset.state);
const data = (page: Page, key: string) => page.locator('#game').evaluate((el, k) => (el as HTMLElement).dataset[k], key);

test('the catalogue bundles at least twelve games', () => {
  expect(BUNDLED.length).toBeGreaterThanOrEqual(12);
});

for (const { url, title } of BUNDLED) {
  const id = url.split('/')[2]!;
  test(`${title} loads on its own as one page, sandboxed, with a starting score`, async ({ page, baseURL }) => {
    const errors: string[] = [];
    const foreign: string[] = [];
    const requested: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      requested.push(request.url());
      const url = new URL(request.url());
      if (url.origin !== new URL(baseURL!).origin && url.protocol !== 'data:') foreign.push(request.url());
    });
    const response = await page.goto(`/games/${id}/index.html`);
    await expect(page.locator('#game')).toBeVisible();
    await expect(page).toHaveTitle(title);
    // Opened on its own too, the game has an opaque origin: the header sandboxes it like the portal's frame.
    expect(response!.headers()['content-security-policy']).toBe('sandbox allow-scripts allow-pointer-lock');
    expect(await page.evaluate(() => self.origin)).toBe('null');
    await expect(page.locator('#score')).toHaveText(/^\d+$/);
    const box = await page.locator('#game').boundingBox();
    expect(box!.width).toBeGreaterThan(150);
    expect(box!.height).toBeGreaterThan(150);
    expect(['ready', 'playing']).toContain(await state(page));
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    // One page: nothing besides the document itself was requested.
    expect(requested.filter((u) => !u.startsWith('data:'))).toEqual([new URL(`/games/${id}/index.html`, baseURL).href]);
  });
}

test('2048: arrow keys slide the tiles', async ({ page }) => {
  await openGame(page, '2048');
  const before = await data(page, 'cells');
  expect(before!.split(',').filter((v) => v !== '0')).toHaveLength(2);
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
  expect(Number(await data(page, 'moves'))).toBeGreaterThan(0);
  expect(await data(page, 'cells')).not.toBe(before);
  // Every move that changes the board brings one new tile.
  const tiles = (await data(page, 'cells'))!.split(',').filter((v) => v !== '0').length;
  expect(tiles).toBeGreaterThanOrEqual(2);
  await expect(page.locator('.tile')).toHaveCount(tiles);
});

test('Snake: an arrow key starts the game and the snake moves', async ({ page }) => {
  await openGame(page, 'snake');
  const start = await data(page, 'head');
  expect(await state(page)).toBe('ready');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => state(page)).toBe('playing');
  await expect.poll(() => data(page, 'head')).not.toBe(start);
  const [x0, y0] = start!.split(',').map(Number);
  const [x1, y1] = (await data(page, 'head'))!.split(',').map(Number);
  expect(x1).toBe(x0);
  expect(y1!).toBeGreaterThan(y0!);
  await page.keyboard.press('Space');
  await expect.poll(() => state(page)).toBe('paused');
});

test('Snake: the board and the header have their size before the game\'s script runs, so fitting them moves nothing', async ({ browser, page }) => {
  // The frame on a phone: its first paint may come before the game's script, and what the script then
  // resized was a layout shift the portal's CLS counted (0.08 on /class/snake). The build inlines the
  // script, so the page before it is the page with scripts off.
  const viewport = { width: 386, height: 560 };
  const parts = ['#game', '#best', '#sound'];
  const boxes = (on: Page) => Promise.all(parts.map(async (part) => (await on.locator(part).boundingBox())!));
  const unscriptedContext = await browser.newContext({ javaScriptEnabled: false, viewport });
  const unscriptedPage = await unscriptedContext.newPage();
  await unscriptedPage.goto('/games/snake/index.html');
  const unscripted = await boxes(unscriptedPage);
  await unscriptedContext.close();
  await page.setViewportSize(viewport);
  await openGame(page, 'snake');
  await expect(page.locator('#sound svg')).toBeVisible();
  const scripted = await boxes(page);
  for (const [i, box] of scripted.entries()) {
    const before = unscripted[i]!;
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(box[key] - before[key]), `${parts[i]} ${key}`).toBeLessThan(1);
  }
});

test('Minesweeper: a click and the keyboard reveal cells', async ({ page }) => {
  await openGame(page, 'minesweeper');
  await expect(page.locator('.cell')).toHaveCount(81);
  await page.locator('.cell').nth(40).click();
  expect(await state(page)).toBe('playing');
  expect(await page.locator('.cell.revealed').count()).toBeGreaterThan(0);
  expect(Number(await page.locator('#score').textContent())).toBeGreaterThan(0);

  await page.locator('#restart').click();
  await expect(page.locator('.cell.revealed')).toHaveCount(0);
  await page.locator('.cell').first().focus();
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
  }
  await expect(page.locator('.cell').nth(40)).toBeFocused();
  await page.keyboard.press('Space');
  expect(await page.locator('.cell.revealed').count()).toBeGreaterThan(0);

  const hidden = page.locator('.cell:not(.revealed)').first();
  await hidden.focus();
  await page.keyboard.press('KeyF');
  await expect(hidden).toHaveAttribute('aria-label', 'flagged');
  await expect(page.locator('#mines')).toHaveText('9');
});

test('Breakout: arrows move the paddle and Space launches the ball', async ({ page }) => {
  await openGame(page, 'breakout');
  const start = Number(await data(page, 'paddle'));
  await page.keyboard.down('ArrowRight');
  await page.waitForTimeout(300);
  await page.keyboard.up('ArrowRight');
  const right = Number(await data(page, 'paddle'));
  expect(right).toBeGreaterThan(start + 20);
  await page.keyboard.press('ArrowLeft');
  expect(Number(await data(page, 'paddle'))).toBeLessThan(right);
  await page.keyboard.press('Space');
  await expect.poll(() => state(page)).toBe('playing');
  await page.keyboard.press('KeyP');
  await expect.poll(() => state(page)).toBe('paused');
});

test('Flappy Hollow: Space makes the bird rise', async ({ page }) => {
  await openGame(page, 'flappy');
  const start = Number(await data(page, 'birdY'));
  await page.keyboard.press('Space');
  await expect.poll(() => state(page)).toBe('playing');
  await expect
    .poll(async () => Number(await data(page, 'birdY')), { intervals: [16], timeout: 2000 })
    .toBeLessThan(start - 20);
});

test('Memory Match: clicked cards turn over, and the keyboard turns them too', async ({ page }) => {
  await openGame(page, 'memory');
  const cards = page.locator('.card');
  await expect(cards).toHaveCount(16);
  await cards.nth(0).click();
  await cards.nth(1).click();
  await expect(page.locator('.card.flipped, .card.matched')).toHaveCount(2);
  await expect(page.locator('#moves')).toHaveText('1');

  await page.locator('#restart').click();
  await expect(page.locator('.card.flipped, .card.matched')).toHaveCount(0);
  await cards.nth(0).focus();
  await page.keyboard.press('ArrowRight');
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cards.nth(1)).toHaveClass(/flipped/);
  expect(await state(page)).toBe('playing');
});

const START_KEYS = { snake: 'ArrowUp', breakout: 'Space', flappy: 'Space', minesweeper: null } as const;
for (const [id, key] of Object.entries(START_KEYS)) {
  test(`${id} pauses when its tab is hidden`, async ({ page }) => {
    await openGame(page, id);
    if (key) await page.keyboard.press(key);
    else await page.locator('.cell').nth(40).click();
    await expect.poll(() => state(page)).toBe('playing');
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => state(page)).toBe('paused');
  });
}

test('Snake played into a wall ends the game and, opened on its own, posts nothing', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { received: unknown[] };
    w.received = [];
    window.addEventListener('message', (event) => w.received.push(event.data));
  });
  await openGame(page, 'snake');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => state(page), { timeout: 10_000 }).toBe('over');
  // The apple may lie in the snake's path, so the run can end on 0 or a little more.
  const score = Number(await page.locator('#score').textContent());
  await expect(page.locator('#best')).toHaveText(String(score));
  expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect.poll(() => state(page)).toBe('ready');
});
