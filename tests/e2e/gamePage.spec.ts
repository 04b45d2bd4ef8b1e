// The game page as a student meets it (issue 27): the score on the game's screen and a screenshot of it
// reach the score form at any time through the SDK, a visitor is told a score needs an account before
// any field, and the game's own controls sit with the portal's.
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { serviceSelect } from './support/backend.ts';
import { BUNDLED, focusByClick, frameState, openClassGame, startSnake } from './support/bundledGames.ts';
import { onboardedStudent } from './support/student.ts';

const ARROWS = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];

/** Slides 2048's tiles until a merge has given it a score; returns that score as the game shows it. */
async function score2048(frame: FrameLocator, page: Page): Promise<number> {
  await focusByClick(frame.locator('#score'));
  for (let i = 0; i < 200 && (await frame.locator('#score').textContent()) === '0'; i += 1) await page.keyboard.press(ARROWS[i % 4]!);
  const shown = Number(await frame.locator('#score').textContent());
  expect(shown).toBeGreaterThan(0);
  return shown;
}

/** The proof the form holds, as its preview image's natural size and its file name. */
function proofPreview(page: Page) {
  return page
    .getByTestId('proof-preview')
    .locator('img')
    .evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight, alt: img.alt };
    });
}

test('2048 hands its score mid-game and a screenshot to the form, which sends them', async ({ page }) => {
  test.setTimeout(90_000);
  const student = await onboardedStudent(page);
  const frame = await openClassGame(page, '/2048');
  const shown = await score2048(frame, page);
  // Mid-game: no game over has filled anything.
  await expect(frame.locator('body')).toHaveAttribute('data-state', 'playing');
  await expect(page.getByTestId('score-input')).toHaveValue('');

  await page.getByTestId('use-game-score').click();
  await expect(page.getByTestId('score-input')).toHaveValue(String(shown));
  await expect(page.getByTestId('score-offer')).toHaveText(
    `Your score now: ${shown.toLocaleString('en-US')}. The form below has your score and a screenshot of the game.`,
  );
  // 2048 is drawn with elements, not a canvas: the SDK's score card is its picture.
  expect(await proofPreview(page)).toEqual({ width: 640, height: 360, alt: `Proof: 2048-${shown}.png` });
  // The game plays on.
  await expect(frame.locator('body')).toHaveAttribute('data-state', 'playing');

  await page.getByTestId('score-submit').click();
  await expect(page.getByTestId('score-outcome')).toHaveText('submitted appScoreForm!', { timeout: 20_000 });
  await expect
    .poll(async () => (await serviceSelect<{ score: number }>('leaderboard_submissions', `user_id=eq.${student.userId}&select=score`)).map((r) => r.score))
    .toEqual([shown]);
});

test("Snake hands its score mid-run with a screenshot of its own canvas", async ({ page }) => {
  await onboardedStudent(page);
  const frame = await openClassGame(page, '/snake');
  await startSnake(frame);
  // Paused at once: a run left going reaches the wall in about 1.4 s, which a busy machine spent before
  // the score was asked for, and the game was over instead of mid-run.
  await frame.locator('#game').press('Space');
  await expect.poll(() => frameState(frame)).toBe('paused');
  const canvas = await frame.locator('#game').evaluate((c: HTMLCanvasElement) => ({ width: c.width, height: c.height }));
  await page.getByTestId('use-game-score').click();
  await expect(page.getByTestId('score-offer')).toContainText('Your score now:');
  const value = await page.getByTestId('score-input').inputValue();
  expect(value).toMatch(/^\d+$/);
  const proof = await proofPreview(page);
  // The canvas, scaled to at most 720 px wide, not the score card.
  const width = Math.min(canvas.width, 720);
  expect(proof).toEqual({ width, height: Math.round((canvas.height * width) / canvas.width), alt: `Proof: snake-${value}.png` });
  expect(await frameState(frame)).not.toBe('over');
});

for (const [slug, id] of [['/breakout', 'breakout'], ['/flappy-hollow', 'flappy']] as const) {
  test(`${id} hands its score and its canvas too, and offers New game`, async ({ page }) => {
    await onboardedStudent(page);
    const frame = await openClassGame(page, slug);
    const canvas = await frame.locator('#game').evaluate((c: HTMLCanvasElement) => ({ width: c.width, height: c.height }));
    await expect(page.getByTestId('new-game')).toBeVisible();
    await page.getByTestId('use-game-score').click();
    await expect(page.getByTestId('score-input')).toHaveValue(String(Number(await frame.locator('#score').textContent())));
    const width = Math.min(canvas.width, 720);
    const value = await page.getByTestId('score-input').inputValue();
    expect(await proofPreview(page)).toEqual({ width, height: Math.round((canvas.height * width) / canvas.width), alt: `Proof: ${id}-${value}.png` });
  });
}

test('a score on screen that breaks the rules, or is posted by another window, fills nothing', async ({ page }) => {
  await onboardedStudent(page);
  const frame = await openClassGame(page, '/2048');
  await expect(page.getByTestId('use-game-score')).toBeVisible();
  await frame.locator('body').evaluate(() => {
    // A JPEG, a fraction, a score above the highest.
    window.parent.postMessage({ type: 'sdk:current-score', version: 2, score: 50, proof: 'data:image/jpeg;base64,/9j/4AAQ' }, '*');
    window.parent.postMessage({ type: 'sdk:current-score', version: 2, score: 1.5, proof: null }, '*');
    window.parent.postMessage({ type: 'sdk:current-score', version: 2, score: 2_000_000_000, proof: null }, '*');
  });
  await page.evaluate(() => window.postMessage({ type: 'sdk:current-score', version: 2, score: 999, proof: null }, '*'));
  await page.waitForTimeout(500);
  await expect(page.getByTestId('score-offer')).toHaveCount(0);
  await expect(page.getByTestId('score-input')).toHaveValue('');
});

test('a visitor is told a score needs an account, with a way to sign in that comes back to the game', async ({ page }) => {
  await openClassGame(page, '/2048');
  const panel = page.getByTestId('score-form');
  await expect(panel.getByTestId('score-sign-in')).toContainText('Sign in to put your score on the board.');
  await expect(panel.getByTestId('score-input')).toHaveCount(0);
  await expect(panel.getByTestId('proof-input')).toHaveCount(0);
  const link = panel.getByTestId('score-sign-in-link');
  await expect(link).toHaveAttribute('href', '/auth?next=%2Fclass%2F2048');
  await link.click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fclass%2F2048$/);
});

test('nothing on the game page moves while the game loads and says it has a New game', async ({ page }) => {
  // Lighthouse's phone: the toolbar is one row above the frame there.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/class/snake');
  await expect(page.getByTestId('new-game')).toBeVisible({ timeout: 15_000 });
  const shifts = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] })[]) {
            if (!entry.hadRecentInput) seen.push(`${entry.value.toFixed(4)}: ${entry.sources.map((source) => (source.node as Element | null)?.outerHTML.slice(0, 80) ?? '?').join(', ')}`);
          }
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // Two frames: the buffered entries are delivered by then.
        requestAnimationFrame(() => requestAnimationFrame(() => {
          observer.disconnect();
          resolve(seen);
        }));
      }),
  );
  expect(shifts).toEqual([]);
});

// Lighthouse counts a shift inside the game's frame as the page's own: a board drawn at its style's
// size and then fitted to the frame by the game's script moved on every load (2048: CLS 0.015).
test('no bundled game moves inside its frame while it loads', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 412, height: 823 });
  const moved: Record<string, string[]> = {};
  for (const game of BUNDLED) {
    const frame = await openClassGame(page, game.slug);
    // What the game draws once the portal's answer to its hello (the save) has come.
    await page.waitForTimeout(500);
    const shifts = await frame.locator('body').evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] })[]) {
              if (!entry.hadRecentInput) seen.push(`${entry.value.toFixed(4)}: ${entry.sources.map((source) => (source.node as Element | null)?.outerHTML?.slice(0, 60) ?? '?').join(', ')}`);
            }
          });
          observer.observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => {
            observer.disconnect();
            resolve(seen);
          }));
        }),
    );
    if (shifts.length > 0) moved[game.title] = shifts;
  }
  expect(moved).toEqual({});
});

test('after a game over, Play next comes after the game and its score panel, at 1366x768 and on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await onboardedStudent(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  const frame = await openClassGame(page, '/snake');
  await startSnake(frame);
  await expect(frame.locator('body')).toHaveAttribute('data-state', 'over', { timeout: 20_000 });
  await expect(page.getByTestId('score-offer')).toBeVisible();
  await expect(page.getByTestId('play-next')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = async (id: string) => (await page.getByTestId(id).boundingBox())!;
  // A laptop: the game, its controls and the filled form in the first screen; Play next below the game.
  for (const id of ['game-frame', 'fullscreen', 'new-game', 'score-input', 'score-submit']) {
    const part = await box(id);
    expect(part.y + part.height, id).toBeLessThanOrEqual(768);
  }
  await page.screenshot({ path: test.info().outputPath('game-over-1366.png'), fullPage: true });
  const frameBox = await box('game-frame');
  expect((await box('play-next')).y).toBeGreaterThan(frameBox.y + frameBox.height);
  // A phone: one column, where Play next came between the game and the score form.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('game-over-390.png'), fullPage: true });
  const next = (await box('play-next')).y;
  for (const id of ['game-frame', 'score-submit', 'high-scores']) {
    const part = await box(id);
    expect(next, `Play next after ${id}`).toBeGreaterThan(part.y + part.height);
  }
});

test.describe('on a school laptop’s screen', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the header shows the student is in Games on a game page and a category, and in Friends on a two-player game', async ({ page }) => {
    const header = page.getByRole('navigation', { name: 'Main' });
    await openClassGame(page, '/2048');
    await expect(header.getByRole('link', { name: 'Games' })).toHaveAttribute('aria-current', 'true');
    await page.goto('/puzzle');
    await expect(header.getByRole('link', { name: 'Games' })).toHaveAttribute('aria-current', 'true');
    await page.goto('/');
    await expect(header.getByRole('link', { name: 'Games' })).toHaveAttribute('aria-current', 'page');
    await page.goto('/play/1');
    await expect(header.getByRole('link', { name: /^Friends/ })).toHaveAttribute('aria-current', 'true');
    await expect(header.getByRole('link', { name: 'Games' })).not.toHaveAttribute('aria-current', /.*/);
  });

  test('the game page names the game once and holds the game, its controls and the score panel within 768 px', async ({ page }) => {
    // A full board: ten students' scores must not push the form below the fold.
    const board = Array.from({ length: 10 }, (_, i) => ({
      user_id: `00000000-0000-4000-8000-00000000000${i}`, username: `student_number_${i}`, icon: null, score: 5000 - i * 100,
      submission_id: 9000 + i, created_at: new Date(Date.now() - i * 3_600_000).toISOString(), reviewed: true,
    }));
    await page.route('**/rest/v1/rpc/get_app_high_scores', (route) => route.fulfill({ json: board }));
    await onboardedStudent(page);
    const frame = await openClassGame(page, '/2048');
    await expect(page.getByRole('heading', { level: 1, name: '2048' })).toBeVisible();
    // The game's own header keeps its name for screen readers only.
    await expect(frame.locator('.bar h1')).toHaveText('2048');
    await expect.poll(() => frame.locator('.bar h1').evaluate((h) => h.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    await expect(page.getByTestId('new-game')).toBeVisible();
    await expect(page.getByTestId('high-scores').getByRole('row')).toHaveCount(11);
    await page.screenshot({ path: test.info().outputPath('game-page-1366.png') });
    for (const part of [page.getByTestId('game-frame'), page.getByTestId('fullscreen'), page.getByTestId('game-sound'), page.getByTestId('new-game'), page.getByTestId('use-game-score'), page.getByTestId('score-submit')]) {
      const box = (await part.boundingBox())!;
      expect(box.y + box.height, await part.evaluate((e) => e.outerHTML.slice(0, 60))).toBeLessThanOrEqual(768);
    }
  });

  test('New game beside Full screen and Sound starts the game over in place, keeping its best score', async ({ page }) => {
    await onboardedStudent(page);
    const frame = await openClassGame(page, '/2048');
    const shown = await score2048(frame, page);
    await expect(frame.locator('#best')).toHaveText(String(shown));
    // The game is not reloaded: a mark left in its page stays.
    await frame.locator('body').evaluate((body) => body.setAttribute('data-mark', 'same page'));
    await page.getByTestId('new-game').click();
    await expect(frame.locator('#score')).toHaveText('0');
    await expect(frame.locator('#game')).toHaveAttribute('data-moves', '0');
    await expect(frame.locator('#best')).toHaveText(String(shown));
    await expect(frame.locator('body')).toHaveAttribute('data-mark', 'same page');
    const toolbar = page.locator('.game-toolbar');
    await expect(toolbar.getByRole('button')).toHaveText(['Full screen', 'Sound: off', 'New game']);
  });
});
