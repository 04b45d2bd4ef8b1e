// The catalogue and the game player: search, a large catalogue rendered virtually, a bundled game played
// offline to a score by keyboard, its submission with the screenshot proof, and an upload refusal.
import { expect, type Page } from '@playwright/test';
import { backendUrl, serviceApproveScore, serviceInsert, serviceSelect, type Student } from './support/backend.ts';
import { test } from './support/backendLink.ts';
import { expectSandboxedGame, focusByClick } from './support/bundledGames.ts';
import { installServiceWorker, onboardedStudent } from './support/student.ts';

/** Plays Snake straight up into the wall; returns the score it ended with (10 when food lay on the way). */
async function playSnakeIntoWall(page: Page): Promise<number> {
  const game = page.frameLocator('[data-testid="game-frame"]');
  await expect(game.locator('#game')).toBeVisible();
  // The board is in the HTML before game.js runs: wait for the game to have placed the snake.
  await expect(game.locator('#game')).toHaveAttribute('data-head', /^\d+,\d+$/);
  // The game runs in a frame of its own origin (and, in Chromium, often its own process): under load a
  // key sent the moment focus moves there can be lost, so it is sent again until the game has started.
  // A click gives the frame the keyboard as the browser delivers it (see focusByClick).
  await focusByClick(game.locator('#score'));
  await expect(async () => {
    if ((await game.locator('body').getAttribute('data-state')) === 'ready') await game.locator('#game').press('ArrowUp');
    await expect(game.locator('body')).not.toHaveAttribute('data-state', 'ready', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(game.locator('body')).toHaveAttribute('data-state', 'over', { timeout: 10_000 });
  return Number(await game.locator('#score').textContent());
}

const cardTitles = (page: Page) => page.getByTestId('app-card').locator('.app-card-title').allTextContents();

test('the search narrows the list on each keystroke, by title or by category', async ({ page }) => {
  await page.goto('/');
  const grid = page.getByTestId('app-grid');
  await expect(page.getByTestId('app-card').first()).toBeVisible();
  const total = Number(await grid.getAttribute('data-count'));
  expect(total).toBeGreaterThanOrEqual(6);
  expect(await cardTitles(page)).toContain('Snake');

  const search = page.getByTestId('app-search');
  await search.pressSequentially('sna');
  await expect(grid).toHaveAttribute('data-count', '1');
  expect(await cardTitles(page)).toEqual(['Snake']);
  await expect(page.getByTestId('app-count')).toHaveText(`1 of ${total} games match “sna”`);

  await search.fill('');
  await expect(grid).toHaveAttribute('data-count', String(total));

  await page.getByTestId('app-search-field').selectOption('category');
  await search.fill('ARCADE');
  const arcade = Number(await grid.getAttribute('data-count'));
  expect(arcade).toBeGreaterThan(0);
  expect(arcade).toBeLessThan(total);
  for (const meta of await page.getByTestId('app-card').locator('.app-card-meta').allTextContents()) {
    expect(meta.toLowerCase()).toContain('arcade');
  }

  await search.fill('no game is called this');
  await expect(grid).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('app-card')).toHaveCount(0);
  // An empty search is not a dead end: it says so and offers the way back to every game.
  const empty = page.getByTestId('empty-state');
  await expect(empty.getByRole('heading', { name: 'No game matches that' })).toBeVisible();
  await empty.getByRole('button', { name: 'Show every game' }).click();
  await expect(search).toHaveValue('');
  await expect(grid).toHaveAttribute('data-count', String(total));
  await expect(empty).toHaveCount(0);
});

test('a catalogue of 5,000 apps renders only the cards in view', async ({ page }) => {
  const apps = Array.from({ length: 5000 }, (_, i) => {
    const n = String(i).padStart(4, '0');
    return {
      id: `app-${n}`,
      title: `App ${n}`,
      slug: `app-${n}`,
      category: i % 2 === 0 ? 'Puzzle' : 'Arcade',
      description: `Generated app number ${n}`,
      thumbnail: '/icons/icon.svg',
      url: `/games/app-${n}/index.html`,
      bundled: false,
      created_at: '2026-01-01T00:00:00Z',
    };
  });
  await page.route(`${backendUrl}/rest/v1/rpc/get_apps_ordered_by_title*`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(apps) }),
  );
  await page.goto('/');
  const grid = page.getByTestId('app-grid');
  await expect(grid).toHaveAttribute('data-count', '5000');
  const rendered = await page.getByTestId('app-card').count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(200);

  // Scrolling to the end brings the last cards in, still without rendering the rest.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByTestId('app-card').filter({ hasText: 'App 4999' })).toBeVisible();
  expect(await page.getByTestId('app-card').count()).toBeLessThan(200);

  await page.getByTestId('app-search').fill('App 1234');
  await expect(grid).toHaveAttribute('data-count', '1');
  expect(await cardTitles(page)).toEqual(['App 1234']);
});

test('a first visit shows the list before the data runtime has loaded, and a star tapped meanwhile is kept', async ({ page }) => {
  // The runtime (supabase-js, the Dexie mirror) is held back: the list must come from the first read alone.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: string[] = [];
  await page.route(/\/assets\/runtime-[\w-]+\.js$/, async (route) => {
    asked.push(route.request().url());
    await released;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByTestId('app-card').filter({ hasText: 'Snake' })).toBeVisible();
  await expect(page.getByTestId('app-grid')).toHaveAttribute('data-count', /^[1-9]\d*$/);
  // The runtime is asked for only once the list has shown, and has not arrived: nobody is signed in or out yet.
  await expect.poll(() => asked.length).toBe(1);
  await expect(page.getByTestId('favourites')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Snake to favourites' }).click();

  release();
  await expect(page.getByTestId('favourites').getByRole('link', { name: 'Snake' })).toBeVisible();
  await expect(page.getByTestId('account-link')).toHaveText('Sign in');
  // The star was stored once the runtime came: it is there after a reload.
  await page.reload();
  await expect(page.getByTestId('favourites').getByRole('link', { name: 'Snake' })).toBeVisible();
});

test('favourites are starred on the card and listed above the grid', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Add Snake to favourites' }).click();
  const shelf = page.getByTestId('favourites');
  await expect(shelf.getByRole('link', { name: 'Snake' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('favourites').getByRole('link', { name: 'Snake' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Snake from favourites' }).click();
  await expect(page.getByTestId('favourites')).toHaveCount(0);
});

interface Submission {
  id: number;
  score: number;
  run_id: string | null;
  play_ms: number | null;
  play_seen_ms: number | null;
}

async function submissionsOf(student: Student): Promise<Submission[]> {
  return serviceSelect('leaderboard_submissions', `user_id=eq.${student.userId}&select=id,score,run_id,play_ms,play_seen_ms`);
}

test('a bundled game plays offline by keyboard; its score and screenshot are submitted and reach the board', async ({ page, link }) => {
  // Sign-in, the service worker's whole precache, a game, an upload and a review: 11-13 s alone, and past
  // 30 s once in a full run on a loaded machine (waiting for the worker to install).
  test.setTimeout(60_000);
  const student = await onboardedStudent(page);
  await installServiceWorker(page);
  await expect(page.getByTestId('app-card').first()).toBeVisible();

  await link.goOffline();
  await page.goto('/class/Snake');
  await expect(page.getByTestId('page-app-detail')).toBeVisible();
  await expectSandboxedGame(page, '/games/snake/index.html');
  const score = await playSnakeIntoWall(page);

  // The game SDK filled the form with the score and the game's screenshot as the proof.
  await expect(page.getByTestId('score-offer')).toContainText(`you scored ${score}.`);
  await expect(page.getByTestId('score-input')).toHaveValue(String(score));
  await expect(page.getByTestId('proof-preview')).toContainText(`snake-${score}.png`);

  await page.getByTestId('score-submit').click();
  await expect(page.getByTestId('score-status')).toHaveText('Saved on this device: it will be sent when you are back online.');
  expect(await submissionsOf(student)).toEqual([]);

  await link.goOnline();
  await expect(page.getByTestId('score-outcome')).toHaveText('submitted appScoreForm!', { timeout: 20_000 });
  const [submission] = await submissionsOf(student);
  expect(submission?.score).toBe(score);
  // Played offline: the game's play time goes with the score, but the server never saw the run start.
  expect(submission?.play_ms).toBeGreaterThan(0);
  expect(submission).toMatchObject({ run_id: null, play_seen_ms: null });

  const [profile] = await serviceSelect<{ username: string }>('my_users', `user_id=eq.${student.userId}&select=username`);
  // The score waits for the moderation desk; once approved, the board lists it, and the board lists
  // only submissions whose proof image is stored: this row proves the upload too.
  await expect(page.getByTestId('own-score').first()).toContainText('waiting for review');
  await serviceApproveScore(submission!.id);
  await page.reload();
  const board = page.getByTestId('high-scores');
  await expect(board.getByTestId('high-score').filter({ hasText: profile!.username })).toContainText(String(score));

  // Opening the game counted as a play, sent from the outbox once the connection was back.
  await expect.poll(async () => (await serviceSelect('apps_played', `user_id=eq.${student.userId}&app_id=eq.snake&select=app_id`)).length).toBe(1);
});

test('a game played online is timed by the server, and the desk shows the play beside its clock', async ({ page }) => {
  const student = await onboardedStudent(page);
  await page.goto('/class/Snake');
  await expectSandboxedGame(page, '/games/snake/index.html');
  const score = await playSnakeIntoWall(page);
  await expect(page.getByTestId('score-input')).toHaveValue(String(score));
  await page.getByTestId('score-submit').click();
  await expect(page.getByTestId('score-outcome')).toHaveText('submitted appScoreForm!', { timeout: 20_000 });

  const [submission] = await submissionsOf(student);
  expect(submission?.score).toBe(score);
  expect(submission?.run_id).toMatch(/^[0-9a-f-]{36}$/);
  // The server's clock of the run covers the play the game claimed (it began no later than the play).
  expect(submission?.play_ms).toBeGreaterThan(0);
  expect(submission!.play_seen_ms! + 10_000).toBeGreaterThanOrEqual(submission!.play_ms!);

  await serviceInsert('moderators', { user_id: student.userId, granted_by: 'e2e operator' });
  await page.goto('/moderate');
  await expect(page.getByTestId('desk-score').getByTestId('desk-play')).toContainText(/^The game reported \d+ s of play; the server saw this game start \d+ s before the score was sent\.$/);
});

test('a refused proof upload withdraws the submission and says so', async ({ page, context }) => {
  const student = await onboardedStudent(page);
  await context.route(`${backendUrl}/storage/v1/object/submissions/**`, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: '400', error: 'Bad Request', message: 'the proof was refused' }),
    }),
  );
  await page.goto('/class/Snake');
  await playSnakeIntoWall(page);
  await expect(page.getByTestId('proof-preview')).toBeVisible();
  await page.getByTestId('score-submit').click();

  const outcome = page.getByTestId('score-outcome');
  await expect(outcome).toContainText('failed to submit image for high score', { timeout: 20_000 });
  await expect(outcome).toContainText('Failed to insert image of high score, deleting high score upload now.');
  await expect(page.getByText('Failed to insert image of high score, deleting high score upload now.').first()).toBeVisible();
  await expect.poll(() => submissionsOf(student)).toEqual([]);
  // Other students' scores may be on the board; this student's is not.
  const [profile] = await serviceSelect<{ username: string }>('my_users', `user_id=eq.${student.userId}&select=username`);
  await expect(page.getByTestId('high-scores')).not.toContainText(profile!.username);
});

test('the score form checks its fields before anything is queued', async ({ page }) => {
  await onboardedStudent(page);
  await page.goto('/class/Snake');
  await expect(page.getByTestId('score-form')).toBeVisible();
  await page.getByTestId('score-input').fill('12.5');
  await page.getByTestId('score-submit').click();
  await expect(page.getByTestId('score-form').getByRole('alert').first()).toHaveText('The score must be a whole number.');
  await expect(page.getByTestId('score-form')).toContainText('image without name? impossible');
});

test('a retired game leaves the list, and its page says it was retired rather than that it is unknown', async ({ page }) => {
  // As `npm run catalogue -- retire` leaves it: the row stays, with retired_at set.
  const id = `old-game-${crypto.randomUUID().slice(0, 8)}`;
  const title = `Old Game ${id.slice(-8)}`;
  await serviceInsert('apps', { id, title, slug: id, category: 'puzzle', url: `https://games.school.edu/${id}/`, retired_at: '2026-11-01T10:00:00Z' });
  await page.goto('/');
  await expect(page.getByTestId('app-card').first()).toBeVisible();
  expect(await cardTitles(page)).toContain('Snake');
  expect(await cardTitles(page)).not.toContain(title);

  await page.goto(`/class/${encodeURIComponent(title)}`);
  await expect(page.getByText(`${title} was retired from the list on 1 November 2026.`)).toBeVisible();
  await expect(page.getByTestId('game-frame')).toHaveCount(0);
  await page.goto('/class/No%20Such%20Game');
  await expect(page.getByText('This game is not in the list yet. It may have been renamed or removed.')).toBeVisible();
});

test('the search suggests the matching games as you type, chosen with the arrows and Enter or a click', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('app-card').first()).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Search games' });
  const list = page.getByRole('listbox', { name: 'Suggested games' });
  await expect(search).toHaveAttribute('aria-expanded', 'false');

  await search.pressSequentially('sna');
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await expect(list).toBeVisible();
  await expect(list.getByRole('option', { name: /Snake/ })).toBeVisible();
  for (const title of await list.locator('.game-search-title').allTextContents()) expect(title.toLowerCase()).toContain('sna');
  // The grid under the list narrows as before.
  await expect(page.getByTestId('app-grid')).toHaveAttribute('data-count', '1');

  // The arrows move through the suggestions while the focus stays in the field.
  await search.press('ArrowDown');
  const first = list.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await expect(search).toBeFocused();
  // Escape closes the list and keeps what was typed.
  await search.press('Escape');
  await expect(list).toBeHidden();
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await expect(search).not.toHaveAttribute('aria-activedescendant');
  await expect(search).toHaveValue('sna');
  // Down opens it again on the first suggestion; Enter opens that game.
  await search.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/class\/snake$/);

  await page.goto('/');
  await page.getByRole('combobox', { name: 'Search games' }).pressSequentially('sudo');
  await list.getByRole('option', { name: /Sudoku/ }).click();
  await expect(page).toHaveURL(/\/class\/sudoku$/);
});

test('a search that matches nothing offers the games it was probably after, or games to try: never a dead end', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('app-card').first()).toBeVisible();
  const search = page.getByTestId('app-search');
  const instead = page.getByTestId('search-instead');
  await expect(instead).toHaveCount(0);

  await search.fill('snkae');
  await expect(page.getByTestId('app-grid')).toHaveAttribute('data-count', '0');
  await expect(page.getByRole('listbox', { name: 'Suggested games' })).toBeHidden();
  await expect(instead.getByRole('heading', { name: 'Did you mean' })).toBeVisible();
  await instead.getByRole('link', { name: 'Snake' }).click();
  await expect(page).toHaveURL(/\/class\/snake$/);

  await page.goto('/');
  await page.getByTestId('app-search').fill('no game is called this');
  await expect(instead.getByRole('heading', { name: 'Try one of these' })).toBeVisible();
  expect(await instead.getByRole('link').count()).toBeGreaterThan(0);
  await instead.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/class\/[\w-]+$/);
});

test('a first visit to the home page asks for its two lists with the page, before the main script has arrived, and once each', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const read = /\/rest\/v1\/rpc\/(get_apps_ordered_by_title|get_popular_apps)\b/.exec(request.url());
    if (read) asked.push(read[1]!);
  });
  // The main script is held back: only the early script (src/early.ts) can ask for the lists meanwhile.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect.poll(() => [...asked].sort()).toEqual(['get_apps_ordered_by_title', 'get_popular_apps']);
  // The data runtime's refresh reads the retired entries beside the list it takes over.
  const runtimeRefresh = page.waitForRequest(/\/rest\/v1\/apps\?select=id%2Ctitle%2Cretired_at/);
  release();
  await expect(page.getByTestId('featured-game')).toBeVisible();
  await expect(page.getByTestId('app-grid')).toBeVisible();
  await runtimeRefresh;
  // The page and then the data runtime took these answers over rather than asking again.
  await page.waitForTimeout(1_000);
  expect([...asked].sort()).toEqual(['get_apps_ordered_by_title', 'get_popular_apps']);
});
