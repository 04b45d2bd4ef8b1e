// Finding the next game (issue 19): readable game addresses that every older form still reaches,
// category pages in the default layout, the home page's "Popular this week" and "New" rows (kept on
// the device for offline), "Play next" when a game is over, and the portal-wide mute in Settings.
import { expect, type Page } from '@playwright/test';
import { HOME_ROW_LIMIT } from '../../src/domain/homeRows.ts';
import { backendUrl, localKeys, serviceSelect, signUpViaApi, studentPlays } from './support/backend.ts';
import { test } from './support/backendLink.ts';
import { focusByClick, gameFrame } from './support/bundledGames.ts';
import { storedPopularPaths } from './support/outbox.ts';
import { installServiceWorker, onboard } from './support/student.ts';

/** Plays Snake straight up into the wall, as the catalogue's tests do, until the game is over. */
async function playSnakeIntoWall(page: Page): Promise<void> {
  const game = gameFrame(page);
  await expect(game.locator('#game')).toHaveAttribute('data-head', /^\d+,\d+$/);
  // A click gives the frame the keyboard as the browser delivers it (see focusByClick).
  await focusByClick(game.locator('#score'));
  await expect(async () => {
    if ((await game.locator('body').getAttribute('data-state')) === 'ready') await game.locator('#game').press('ArrowUp');
    await expect(game.locator('body')).not.toHaveAttribute('data-state', 'ready', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(game.locator('body')).toHaveAttribute('data-state', 'over', { timeout: 10_000 });
}

/** Changes catalogue rows as an operator would (the service role through the REST API). */
async function serviceUpdateApps(filter: string, change: Record<string, unknown>): Promise<void> {
  const { serviceRoleKey } = await localKeys();
  const response = await fetch(`${backendUrl}/rest/v1/apps?${filter}`, {
    method: 'PATCH',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify(change),
  });
  if (!response.ok) throw new Error(`updating apps ${filter} failed: ${response.status} ${await response.text()}`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

test('every old form of a game address opens the game at its readable one, in place of the old in history', async ({ page }) => {
  for (const old of ['/class/Flappy%20Hollow', '/class/Flappy Hollow', '/class/flappy%20hollow', '/class/Flappy-Hollow', '/class/FLAPPY-HOLLOW']) {
    await page.goto('/privacy');
    await page.goto(old);
    await expect(page, old).toHaveURL(/\/class\/flappy-hollow$/);
    await expect(page.getByTestId('page-app-detail').getByRole('heading', { level: 1 })).toHaveText('Flappy Hollow');
    await expect(gameFrame(page).locator('#game')).toBeVisible();
    await page.goBack();
    await expect(page, `${old}: back`).toHaveURL(/\/privacy$/);
  }
  // The query and the fragment go along.
  await page.goto('/class/Snake?from=link#top');
  await expect(page).toHaveURL(/\/class\/snake\?from=link#top$/);
  await page.goto('/class/No%20Such%20Game');
  await expect(page.getByText('This game is not in the list yet. It may have been renamed or removed.')).toBeVisible();
});

test('the home page links each game by its readable address, and an old one plays to the end with games to play next', async ({ page }) => {
  await page.goto('/');
  const grid = page.getByTestId('app-grid');
  await expect(grid.getByRole('link', { name: /Flappy Hollow/ })).toHaveAttribute('href', '/class/flappy-hollow');
  await expect(grid.getByRole('link', { name: /Memory Match/ })).toHaveAttribute('href', '/class/memory-match');

  await page.goto('/class/Snake');
  await expect(page).toHaveURL(/\/class\/snake$/);
  await expect(page.getByTestId('play-next')).toHaveCount(0);
  await playSnakeIntoWall(page);
  await expect(page.getByTestId('score-offer')).toBeVisible();
  const next = page.getByTestId('play-next').getByRole('link');
  await expect(next).toHaveCount(3);
  // Snake is an arcade game: the other two arcade games come first.
  expect((await next.allTextContents()).slice(0, 2).sort()).toEqual(['Breakout', 'Flappy Hollow']);
  expect(await next.allTextContents()).not.toContain('Snake');
  await page.getByTestId('play-next').getByRole('link', { name: 'Breakout' }).click();
  await expect(page).toHaveURL(/\/class\/breakout$/);
  await expect(page.getByTestId('page-app-detail').getByRole('heading', { level: 1 })).toHaveText('Breakout');
});

test('the default layout has category pages, reached from the home page; an empty one says so', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('list', { name: 'Categories' }).getByRole('link', { name: 'Puzzle' }).click();
  await expect(page).toHaveURL(/\/puzzle$/);
  const root = page.getByTestId('page-category');
  await expect(root.getByRole('heading', { level: 1 })).toHaveText('Puzzle');
  await expect(root.getByTestId('app-card')).toHaveCount(4);
  await expect(root.getByTestId('app-card').filter({ hasNotText: 'Puzzle' })).toHaveCount(0);
  await expect(page.getByTestId('navbar')).toBeVisible();

  await page.goto('/racing');
  await expect(page.getByTestId('page-category').getByRole('heading', { level: 1 })).toHaveText('Racing');
  await expect(page.getByText('There are no games in this category yet.')).toBeVisible();
  await page.goto('/board-games');
  await expect(page.getByTestId('page-category').getByRole('heading', { level: 1 })).toHaveText('Board Games');
  // Any other single segment is still no page at all.
  await page.goto('/games-of-2024');
  await expect(page.getByTestId('page-not-found')).toBeVisible();
});

test('"Popular this week" and "New" rows show on the home page without moving it, and offline from the device', async ({ page, link }) => {
  // Other tests share this backend and may add games of their own while this one runs, so the rows are
  // checked for what this test arranged, not for being all they hold.
  await installServiceWorker(page);
  await expect(page.getByTestId('app-grid')).toBeVisible();

  await serviceUpdateApps('bundled=eq.true', { created_at: new Date(Date.now() - 60 * DAY_MS).toISOString() });
  await serviceUpdateApps('id=eq.chess', { created_at: new Date(Date.now() - DAY_MS).toISOString() });
  for (let i = 0; i < 3; i += 1) {
    const { student } = await signUpViaApi();
    await onboard(student);
    // Each from a device of its own: the ranking counts a device once, whichever accounts play on it.
    await studentPlays(student, 'sudoku');
  }

  const popular = page.getByTestId('popular-row');
  const fresh = page.getByTestId('new-row');
  // Each row is decided once per visit, from what the device holds when the list first shows: a visit
  // may open on the list read before the dates changed, so the page is opened again until both show.
  await expect(async () => {
    await page.reload();
    await expect(popular.getByRole('link', { name: 'Sudoku' })).toBeVisible();
    await expect(fresh.getByRole('link', { name: 'Chess', exact: true })).toBeVisible();
  }).toPass({ timeout: 60_000 });
  await expect(popular.getByRole('link', { name: 'Sudoku' })).toHaveAttribute('href', '/class/sudoku');
  // A bundled game dated two months back is not new.
  await expect(fresh.getByRole('link', { name: 'Snake', exact: true })).toHaveCount(0);

  // Both rows are in place when the list first shows: the grid does not move after its first paint.
  await page.reload();
  const grid = page.getByTestId('app-grid');
  await expect(grid).toBeVisible();
  const top = (await grid.boundingBox())?.y;
  await expect(popular).toBeVisible();
  await page.waitForTimeout(2_000);
  expect((await grid.boundingBox())?.y).toBe(top);

  // Offline (the page from the service worker), the rows come from this device: the ranking it last
  // read. Other tests' plays may have moved Sudoku out of that ranking by now, so the row is checked
  // against what the device holds, not against the ranking this test arranged.
  await link.goOffline();
  await page.reload();
  await expect(grid).toBeVisible();
  const held = (await storedPopularPaths(page)).slice(0, HOME_ROW_LIMIT);
  expect(held.length).toBeGreaterThan(0);
  const shown = () => popular.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  await expect.poll(shown).toEqual(held);
  await expect(fresh.getByRole('link', { name: 'Chess' })).toBeVisible();
  await link.goOnline();
});

test('a game’s thumbnail says what the game is on hover or keyboard focus, moving nothing, and without motion when asked', async ({ page }) => {
  const [snake] = await serviceSelect<{ description: string }>('apps', 'id=eq.snake&select=description');
  const words = snake!.description.split(' ').slice(0, 3).join(' ');
  await page.goto('/');
  const row = page.getByTestId('category-row-arcade');
  const tile = row.getByRole('link', { name: 'Snake' });
  await expect(tile).toBeVisible();
  await page.evaluate(() => {
    const seen = window as unknown as { shifted: number };
    seen.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.shifted += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift' });
  });
  const preview = row.locator('.game-tile-place', { has: page.getByRole('link', { name: 'Snake' }) }).getByTestId('game-preview');
  await expect(preview).toBeHidden();
  const place = () => tile.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [box.left + window.scrollX, box.top + window.scrollY, box.width, box.height];
  });
  const before = await place();

  await tile.hover();
  await expect(preview).toBeVisible();
  await expect(preview).toContainText('Arcade');
  await expect(preview).toContainText(words);
  // The link is still named by the title alone, and described by the preview.
  await expect(tile).toHaveAccessibleName('Snake');
  await expect(tile).toHaveAccessibleDescription(new RegExp(`^arcade ${snake!.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i'));

  await page.mouse.move(0, 0);
  await expect(preview).toBeHidden();
  // By keyboard: Tab from the row's "See all" to the tile.
  await row.getByRole('link', { name: /See all/ }).focus();
  for (let i = 0; i < 12 && !(await tile.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(tile).toBeFocused();
  await expect(preview).toBeVisible();
  expect(await place()).toEqual(before);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);

  // Asked for less motion, the preview still shows, without the lift and the fade.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.mouse.move(0, 0);
  await tile.hover();
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((el) => [getComputedStyle(el).transform, getComputedStyle(el).transitionDuration])).toEqual(['none', '0s']);
  expect(await tile.locator('.game-tile-picture').evaluate((el) => getComputedStyle(el).transform)).toBe('none');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the featured game shows its whole picture, its words and Play below it, and four more games in the first screen', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByTestId('featured-game');
    const picture = hero.locator('img');
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The share of the picture on screen: cropped to a box of another shape, part of it is cut off.
    const shown = await picture.evaluate((img: HTMLImageElement) => {
      const box = img.clientWidth / img.clientHeight;
      const own = img.naturalWidth / img.naturalHeight;
      return getComputedStyle(img).objectFit === 'contain' ? 1 : Math.min(box / own, own / box);
    });
    expect(shown).toBeGreaterThan(0.98);
    const box = (await picture.boundingBox())!;
    for (const words of [hero.locator('.featured-title'), hero.locator('.featured-play')]) {
      expect((await words.boundingBox())!.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
    }
    const heroBox = (await hero.boundingBox())!;
    expect(heroBox.y + heroBox.height).toBeLessThanOrEqual(844);
    const picks = await page.getByTestId('featured-games').locator('.game-tile').evaluateAll(
      (tiles) => tiles.filter((tile) => tile.getBoundingClientRect().bottom <= window.innerHeight).length,
    );
    expect(picks).toBeGreaterThanOrEqual(4);
  });
});

test('the portal-wide mute is in Settings, signed out too, and is the same choice as a game’s Sound button', async ({ page }) => {
  await page.goto('/settings');
  const setting = page.getByTestId('game-sound-setting');
  await expect(setting).toContainText('muted on this device');
  await setting.getByTestId('game-sound-toggle').click();
  await expect(setting.getByTestId('game-sound-toggle')).toHaveText('Mute games');

  await page.goto('/class/snake');
  const sound = page.getByTestId('game-sound');
  await expect(sound).toHaveText('Sound: on');
  await sound.click();
  await expect(sound).toHaveText('Sound: off');

  await page.goto('/settings');
  await expect(page.getByTestId('game-sound-toggle')).toHaveText('Turn game sound on');
  await expect(page.getByTestId('game-sound-setting')).toContainText('muted on this device');
});
