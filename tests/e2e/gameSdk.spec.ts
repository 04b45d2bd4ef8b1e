// The bundled games inside the portal: each in a frame with an opaque origin that cannot reach the
// portal's storage or session, talking to it only through the game SDK (docs/game-sdk.md): the score
// reaches the form, saves land on the device and a reload resumes the game, the sound follows the portal.
import { expect, test, type Page } from '@playwright/test';
import { proofBytes } from '../../src/domain/gameSdk.ts';
import { onboardedStudent } from './support/student.ts';
import { BUNDLED, expectSandboxedGame, focusByClick, frameState, gameFrame, gameMessages, keepGameMessages, openClassGame, startSnake } from './support/bundledGames.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The device's save rows, read from the portal's own IndexedDB. */
function gameSaves(page: Page): Promise<{ owner: string; gameId: string; state: string; bytes: number; deviceId: string; baseVersion: null }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('portal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('gameSaves').objectStore('gameSaves').getAll();
          request.onsuccess = () => {
            resolve(request.result);
            open.result.close();
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

test('no bundled game frame has allow-same-origin', async ({ page }) => {
  test.setTimeout(BUNDLED.length * 15_000);
  for (const { slug, title, url } of BUNDLED) {
    await openClassGame(page, slug);
    await expectSandboxedGame(page, url, title);
  }
});

test.describe('a game page that lost its sandbox header', () => {
  // The page itself answers here, not the service worker, which would put the header back.
  test.use({ serviceWorkers: 'block' });

  test('is refused by the portal, with words for the student, and no frame stays', async ({ page }) => {
    await page.route('**/games/snake/index.html', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response, headers });
    });
    await page.goto('/class/snake');
    await expect(page.getByTestId('game-load-error')).toContainText('Snake was not opened: this server sent it without the sandbox');
    await expect(page.getByTestId('game-frame')).toHaveCount(0);
  });
});

test("a bundled game cannot read the portal's localStorage, IndexedDB, cookies or page", async ({ page }) => {
  await openClassGame(page, '/snake');
  await page.evaluate(() => {
    localStorage.setItem('e2e-secret', 'the session lives here');
    document.cookie = 'e2e-secret=1; path=/';
  });
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === 'portal'))).toBe(true);

  const reach = await gameFrame(page)
    .locator('body')
    .evaluate(async () => {
      const attempt = async (read: () => unknown) => {
        try {
          const value = await read();
          return `read: ${String(value)}`;
        } catch (error) {
          return `blocked: ${(error as Error).name}`;
        }
      };
      return {
        origin: self.origin,
        localStorage: await attempt(() => localStorage.getItem('e2e-secret')),
        indexedDB: await attempt(
          () =>
            new Promise((resolve, reject) => {
              const open = indexedDB.open('portal');
              open.onsuccess = () => resolve(open.result.objectStoreNames.length);
              open.onerror = () => reject(open.error);
            }),
        ),
        cookie: await attempt(() => document.cookie),
        parentStorage: await attempt(() => window.parent.localStorage.getItem('e2e-secret')),
        parentPage: await attempt(() => window.parent.document.title),
        network: await attempt(() => fetch('/').then((r) => r.status)),
      };
    });
  expect(reach).toEqual({
    origin: 'null',
    localStorage: 'blocked: SecurityError',
    indexedDB: 'blocked: SecurityError',
    cookie: 'blocked: SecurityError',
    parentStorage: 'blocked: SecurityError',
    parentPage: 'blocked: SecurityError',
    // The game's own policy lets it reach no network at all, not even the portal.
    network: 'blocked: TypeError',
  });
});

test('a score reaches the form with a PNG proof, through the handshake and the run the portal issued', async ({ page }) => {
  await keepGameMessages(page);
  await onboardedStudent(page);
  const frame = await openClassGame(page, '/snake');
  await expect(page.getByTestId('game-frame')).toHaveAttribute('data-gameplay', 'stopped');
  await startSnake(frame);
  await expect.poll(() => frameState(frame), { timeout: 10_000 }).toBe('over');
  const score = Number(await frame.locator('#score').textContent());
  await expect(page.getByTestId('score-offer')).toHaveText(`Game over: you scored ${score}. The form below has your score and a screenshot of the game.`);
  await expect(page.getByTestId('score-input')).toHaveValue(String(score));
  await expect(page.getByTestId('proof-preview')).toBeVisible();

  const parsed = await gameMessages(page);
  expect(parsed.every((p) => p.ok)).toBe(true);
  const types = parsed.map((p) => (p.ok ? p.message.type : null));
  expect(types[0]).toBe('sdk:hello');
  expect(types).toContain('sdk:gameplay-start');
  expect(types).toContain('sdk:gameplay-stop');
  const scored = parsed.find((p) => p.ok && p.message.type === 'sdk:score');
  if (!scored?.ok || scored.message.type !== 'sdk:score') throw new Error('expected a score message');
  expect(scored.message.score).toBe(score);
  expect(scored.message.durationMs).toBeGreaterThan(0);
  expect(scored.message.resumed).toBe(false);
  expect(Array.from(proofBytes(scored.message.proof!).slice(0, 8))).toEqual(PNG_SIGNATURE);
});

test('a Snake run that went on after a reload says so with its score, so its pace is not judged by this run alone', async ({ page }) => {
  await keepGameMessages(page);
  // The run is started and paused with time standing still: heading up, the snake meets the wall in about
  // two seconds, and on a loaded machine the two key presses lay that far apart (the game was over before
  // it could be paused, 1 of 8 runs). How far it got is not what this test is about.
  await page.clock.install();
  const frame = await openClassGame(page, '/snake');
  await page.clock.pauseAt(Date.now() + 1000);
  await startSnake(frame);
  await frame.locator('#game').press('Space');
  await expect.poll(() => frameState(frame)).toBe('paused');
  await page.clock.resume();
  await expect.poll(async () => (await gameSaves(page)).find((row) => row.gameId === 'snake')?.state ?? '').toContain('"run":{');

  await page.reload();
  const again = gameFrame(page);
  await expect.poll(() => frameState(again), { timeout: 15_000 }).toBe('paused');
  await focusByClick(again.locator('#score'));
  await again.locator('#game').press('Space');
  await expect.poll(() => frameState(again), { timeout: 10_000 }).toBe('over');
  const scores = (await gameMessages(page)).flatMap((p) => (p.ok && p.message.type === 'sdk:score' ? [p.message] : []));
  expect(scores).toHaveLength(1);
  expect(scores[0]?.resumed).toBe(true);
});

test('a score for a run the portal did not issue, or posted by another window, changes nothing', async ({ page }) => {
  const frame = await openClassGame(page, '/snake');
  await expect(frame.locator('#best')).toHaveText('0');
  // The game's own window posting a forged run id, and the portal's own window posting a perfect score.
  await frame.locator('body').evaluate(() => {
    window.parent.postMessage({ type: 'sdk:score', version: 2, runId: '00000000-0000-4000-8000-000000000000', score: 999, durationMs: 0, proof: null }, '*');
  });
  await page.evaluate(() => {
    window.postMessage({ type: 'sdk:score', version: 2, runId: '00000000-0000-4000-8000-000000000000', score: 999, durationMs: 0, proof: null }, '*');
  });
  await page.waitForTimeout(500);
  await expect(page.getByTestId('score-offer')).toHaveCount(0);
});

test('2048 is saved on every move and resumes after a reload, its best score kept by the SDK', async ({ page }) => {
  const frame = await openClassGame(page, '/2048');
  const cells = () => frame.locator('#game').getAttribute('data-cells');
  const start = await cells();
  await focusByClick(frame.locator('#score'));
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) await page.keyboard.press(key);
  await expect.poll(cells).not.toBe(start);
  const moves = Number(await frame.locator('#game').getAttribute('data-moves'));
  expect(moves).toBeGreaterThan(0);
  const played = await cells();
  const best = await frame.locator('#best').textContent();

  await expect
    .poll(async () => (await gameSaves(page)).find((row) => row.gameId === '2048')?.state ?? '')
    .toContain(`"cells":[${played}]`);
  const [row] = (await gameSaves(page)).filter((r) => r.gameId === '2048');
  expect(row).toMatchObject({ owner: 'anonymous', gameId: '2048', baseVersion: null });
  expect(row!.bytes).toBe(new TextEncoder().encode(row!.state).length);
  expect(row!.bytes).toBeLessThan(300);

  await page.reload();
  const again = gameFrame(page);
  await expect.poll(() => again.locator('#game').getAttribute('data-cells'), { timeout: 15_000 }).toBe(played);
  await expect(again.locator('#game')).toHaveAttribute('data-moves', String(moves));
  await expect(again.locator('#best')).toHaveText(best!);
});

test("sound is off until turned on, in the portal or with the game's own button, and both stay in step", async ({ page }) => {
  const frame = await openClassGame(page, '/tic-tac-toe');
  const portalSound = page.getByTestId('game-sound');
  const gameSound = frame.locator('#sound');
  await expect(portalSound).toHaveText('Sound: off');
  await expect(gameSound).toHaveAttribute('aria-pressed', 'false');
  await portalSound.click();
  await expect(portalSound).toHaveText('Sound: on');
  await expect(gameSound).toHaveAttribute('aria-pressed', 'true');
  await gameSound.click();
  await expect(portalSound).toHaveText('Sound: off');
  await expect(gameSound).toHaveAttribute('aria-pressed', 'false');
  // The portal remembers the choice for every game.
  await portalSound.click();
  const next = await openClassGame(page, '/sudoku');
  await expect(next.locator('#sound')).toHaveAttribute('aria-pressed', 'true');
});
