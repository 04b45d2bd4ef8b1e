import { expect, test, type Page } from '@playwright/test';
import { parseGameMessage, proofBytes } from '../../src/domain/gameBridge.ts';

// The six bundled games as static files of the production build: each renders, answers the keyboard
// (and the pointer where that is the natural control), and reports its score through the bridge when framed.

const GAMES = [
  { id: '2048', title: '2048' },
  { id: 'snake', title: 'Snake' },
  { id: 'minesweeper', title: 'Minesweeper' },
  { id: 'breakout', title: 'Breakout' },
  { id: 'flappy', title: 'Flappy Hollow' },
  { id: 'memory', title: 'Memory Match' },
] as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function openGame(page: Page, id: string) {
  await page.goto(`/games/${id}/index.html`);
  await expect(page.locator('#game')).toBeVisible();
}

const state = (page: Page) => page.evaluate(() => document.body.dataset.state);
const data = (page: Page, key: string) => page.locator('#game').evaluate((el, k) => (el as HTMLElement).dataset[k], key);

for (const { id, title } of GAMES) {
  test(`${title} loads on its own, offline-ready, with a score of 0`, async ({ page, baseURL }) => {
    const errors: string[] = [];
    const foreign: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== new URL(baseURL!).origin && url.protocol !== 'data:') foreign.push(request.url());
    });
    await openGame(page, id);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('#score')).toHaveText('0');
    const box = await page.locator('#game').boundingBox();
    expect(box!.width).toBeGreaterThan(150);
    expect(box!.height).toBeGreaterThan(150);
    expect(['ready', 'playing']).toContain(await state(page));
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
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

test('Snake played into a wall ends the game, keeps the best score and posts nothing on its own', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { received: unknown[] };
    w.received = [];
    window.addEventListener('message', (event) => w.received.push(event.data));
  });
  await openGame(page, 'snake');
  await page.evaluate(() => localStorage.setItem('hollowed.snake.best', '30'));
  await page.reload();
  await expect(page.locator('#best')).toHaveText('30');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => state(page), { timeout: 10_000 }).toBe('over');
  // The apple may lie in the snake's path, so the run can end on 0 or a little more.
  const best = String(Math.max(30, Number(await page.locator('#score').textContent())));
  await expect(page.locator('#best')).toHaveText(best);
  expect(await page.evaluate(() => localStorage.getItem('hollowed.snake.best'))).toBe(best);
  expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect.poll(() => state(page)).toBe('ready');
});

test('a framed game reports ready, then its score with a PNG proof, to a same-origin portal', async ({ page, baseURL }) => {
  // A stand-in for the portal's game page, served from the portal's own origin.
  const portal = new URL('/__games-bridge-test', baseURL).toString();
  await page.route(portal, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>portal</title>
        <iframe id="frame" src="/games/snake/index.html" style="width:480px;height:480px;border:0"></iframe>
        <script>
          window.received = [];
          window.addEventListener('message', (event) => {
            const frame = document.getElementById('frame');
            window.received.push({
              data: event.data,
              sameOrigin: event.origin === location.origin,
              fromFrame: event.source === frame.contentWindow,
            });
          });
        </script>`,
    }),
  );
  await page.goto(portal);
  const frame = page.frameLocator('#frame');
  await expect(frame.locator('#game')).toBeVisible();

  type Received = { data: unknown; sameOrigin: boolean; fromFrame: boolean };
  const received = () => page.evaluate(() => (window as unknown as { received: Received[] }).received);
  await expect.poll(async () => (await received()).length).toBeGreaterThan(0);

  await frame.locator('#game').focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await received()).length, { timeout: 10_000 }).toBe(2);
  await expect(frame.locator('body')).toHaveAttribute('data-state', 'over');

  const [ready, score] = await received();
  for (const message of [ready!, score!]) {
    expect(message.sameOrigin).toBe(true);
    expect(message.fromFrame).toBe(true);
  }
  expect(parseGameMessage(ready!.data, { gameId: 'snake' })).toEqual({
    ok: true,
    message: { type: 'portal:ready', version: 1, gameId: 'snake' },
  });
  const parsed = parseGameMessage(score!.data, { gameId: 'snake' });
  expect(parsed.ok).toBe(true);
  if (!parsed.ok || parsed.message.type !== 'portal:score') throw new Error('expected a score message');
  expect(parsed.message.score).toBe(Number(await frame.locator('#score').textContent()));
  expect(parsed.message.proof).not.toBeNull();
  expect(Array.from(proofBytes(parsed.message.proof!).slice(0, 8))).toEqual(PNG_SIGNATURE);
  // The same message is refused when the portal has another game open.
  expect(parseGameMessage(score!.data, { gameId: 'flappy' })).toEqual({ ok: false, reason: 'wrong-game' });
});

test('a framed DOM game sends a score card as its proof', async ({ page, baseURL }) => {
  const portal = new URL('/__games-bridge-test-memory', baseURL).toString();
  await page.route(portal, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>portal</title>
        <iframe id="frame" src="/games/memory/index.html" style="width:640px;height:640px;border:0"></iframe>
        <script>
          window.received = [];
          window.addEventListener('message', (event) => window.received.push(event.data));
        </script>`,
    }),
  );
  await page.goto(portal);
  const frame = page.frameLocator('#frame');
  await expect(frame.locator('.card')).toHaveCount(16);
  // Turn the pairs over by what each card shows, as a player with perfect memory would.
  const symbols = await frame.locator('.card').evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.symbol));
  const seen = new Map<string, number>();
  const order: number[] = [];
  symbols.forEach((symbol, i) => {
    const first = seen.get(symbol!);
    if (first === undefined) seen.set(symbol!, i);
    else order.push(first, i);
  });
  for (const i of order) await frame.locator('.card').nth(i).click();
  await expect(frame.locator('body')).toHaveAttribute('data-state', 'over');

  const received = () => page.evaluate(() => (window as unknown as { received: unknown[] }).received);
  await expect.poll(async () => (await received()).length).toBe(2);
  const parsed = parseGameMessage((await received())[1], { gameId: 'memory' });
  if (!parsed.ok || parsed.message.type !== 'portal:score') throw new Error('expected a score message');
  expect(parsed.message.score).toBe(Number(await frame.locator('#score').textContent()));
  expect(parsed.message.score).toBeGreaterThanOrEqual(800);
  const size = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, parsed.message.proof!);
  expect(size).toEqual([640, 360]);
});
