import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectSignedIn } from './support/account.ts';
import { BUNDLED, frameState, openClassGame } from './support/bundledGames.ts';
import { serviceInsert, signUpViaApi, studentSays, uniqueEmail, type Student } from './support/backend.ts';
import { onboardedStudent } from './support/student.ts';

// The portal on a phone held upright (390x844, touch only): the navbar folds its sections behind a menu
// while the balance and the account stay in sight, no page scrolls sideways, and a game's frame takes the
// screen's width and answers taps and swipes.

const WIDTH = 390;
const HEIGHT = 844;

test.use({ viewport: { width: WIDTH, height: HEIGHT }, isMobile: true, hasTouch: true });

async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, innerWidth, widest } = await page.evaluate((width) => {
    // The elements that reach past the screen and hold no element that does: where the overflow starts.
    const past = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > width + 0.5);
    const starts = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      widest: starts.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`),
    };
  }, WIDTH);
  const where = `${label}: ${widest.join(', ') || 'nothing past the screen'}`;
  // A phone widens its layout viewport to fit content that overflows, so the width itself is checked too.
  expect(innerWidth, where).toBe(WIDTH);
  expect(scrollWidth, where).toBeLessThanOrEqual(innerWidth);
}

/** The element is drawn, whole, across the screen's width: not cut off at either side. */
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
}

const menuButton = (page: Page) => page.getByTestId('navbar').getByRole('button', { name: 'Menu' });
const sections = (page: Page) => page.getByRole('list', { name: 'Sections' });

/** A finger put down on `from` and dragged `dx`, `dy` pixels (page coordinates), in small steps. */
async function swipe(page: Page, from: { x: number; y: number }, dx: number, dy: number) {
  const cdp = await page.context().newCDPSession(page);
  const at = (step: number) => ({ x: from.x + (dx * step) / 6, y: from.y + (dy * step) / 6 });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] });
  for (let step = 1; step <= 6; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(step)] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function centreOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
}

/**
 * What a semester leaves in a backend, at its widest: a season and a reward named in one long word, many
 * seasons, a chat message of one long word. The suite's other tests share this backend, so any of it may
 * be there when a page is opened: every page must fit it on a phone.
 */
async function seedWideContent(student: Student) {
  const run = Date.now() % 1_000_000;
  const word = (length: number) => `W${'ide'.repeat(Math.ceil(length / 3))}`.slice(0, length);
  const seasons = Array.from({ length: 6 }, (_, i) => 100_000 + ((run * 8 + i) % 1_000_000));
  for (const [i, season] of seasons.entries()) {
    // Long ended: no running season, and so no page of the suite, changes.
    await serviceInsert('battlepass_seasons', { season, name: `${word(60)}${i}`, starts_at: `2001-0${i + 1}-01T00:00:00Z`, ends_at: `2001-0${i + 1}-20T00:00:00Z` });
  }
  const [first] = seasons;
  const item = `wide-${first}`;
  await serviceInsert('shop_items', { id: item, name: word(90), description: word(200), preview_emoji: '🧪', price: null, rarity: 'Exotic', type: 'badge', listed: false, battlepass_season: first });
  await serviceInsert('battlepass_tiers', { season: first, tier: 1, coins_required: 99_999_999, item_id: item });
  await studentSays(student, word(400));
  return first!;
}

test('no page scrolls sideways, whatever long names and rows other tests left', async ({ page }) => {
  const { student } = await signUpViaApi(uniqueEmail('wide'));
  const season = await seedWideContent(student);

  await page.goto('/pass');
  await page.getByTestId(`season-${season}`).click();
  await expect(page.getByTestId('season')).toHaveAttribute('data-season', String(season));
  await expect(page.getByTestId('tier-track')).toContainText('99,999,999');
  await expectNoSidewaysScroll(page, '/pass, a season and a reward of long words');

  // The chat shows its messages to students only.
  await onboardedStudent(page);
  await page.goto('/chad');
  await expect(page.getByTestId('chat-log')).toContainText('Wideide');
  await expectNoSidewaysScroll(page, '/chad, a message of one long word');
});

test('no page scrolls sideways, signed out', async ({ page }) => {
  const pages: Array<[string, string]> = [
    ['/', 'app-list'],
    ['/leaderboard', 'leaderboard'],
    ['/streak', 'streak'],
    ['/shop', 'shop'],
    ['/pass', 'pass'],
    ['/chad', 'chat'],
    ['/friends', 'friends'],
    ['/auth', 'auth'],
    ['/privacy', 'privacy'],
    ['/cache', 'cache'],
    ['/profile/someone', 'profile'],
  ];
  for (const [path, name] of pages) {
    await page.goto(path);
    await expect(page.getByTestId(`page-${name}`), path).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
  for (const game of ['/class/snake', '/class/keyboard-sprint']) {
    await page.goto(game);
    await expect(page.getByTestId('game-frame'), game).toBeVisible();
    await expect(page.getByTestId('high-scores'), game).toBeVisible();
    await expectNoSidewaysScroll(page, game);
    await expectOnScreen(page.getByTestId('fullscreen'));
    await expectOnScreen(page.getByTestId('game-sound'));
  }
});

test('the shop\'s filters sit side by side, as wide as each other, each a full tap target in 16 px text', async ({ page }) => {
  await page.goto('/shop');
  // A visitor's shop puts its sign-in panel above the filters once the runtime knows the session is empty.
  // The filters are measured one after the other, so on a busy machine the panel came between the two and
  // the second stood that much lower than the first (74 px): measured on the page as it stays.
  await expect(page.getByText('to earn Dabloons and buy items.')).toBeVisible();
  const selects = [page.getByTestId('filter-type'), page.getByTestId('filter-rarity')];
  const boxes: { x: number; y: number; width: number; height: number }[] = [];
  for (const select of selects) {
    await expectOnScreen(select);
    const box = (await select.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    // Smaller text than 16 px makes a phone zoom into the page when the field is tapped.
    expect(await select.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(16);
    boxes.push(box);
  }
  const type = boxes[0]!;
  const rarity = boxes[1]!;
  expect(Math.abs(type.y - rarity.y), 'one row').toBeLessThan(1);
  expect(Math.abs(type.width - rarity.width), 'as wide as each other').toBeLessThan(1);
  // Together they take the page's width: the tabs' left edge to the cards' right edge.
  const tabs = (await page.getByTestId('tab-store').boundingBox())!;
  const card = (await page.locator('.item-card').first().boundingBox())!;
  expect(Math.abs(type.x - tabs.x)).toBeLessThan(1);
  expect(Math.abs(rarity.x + rarity.width - (card.x + card.width))).toBeLessThan(1);
  await expectNoSidewaysScroll(page, '/shop');
});

test('signed out, Sign in shows beside the brand without opening the menu', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('page-app-list')).toBeVisible();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expectOnScreen(page.getByTestId('navbar').getByRole('link', { name: 'Hollowed Portal' }));
  await expectOnScreen(page.getByTestId('account-link'));
  await expect(page.getByTestId('account-link')).toHaveText('Sign in');
  // The sections wait behind the menu.
  await expect(sections(page).getByRole('link', { name: 'Leaderboard', exact: true })).toBeHidden();
});

test('the menu opens and closes by touch, and leads to a section', async ({ page }) => {
  await page.goto('/leaderboard');
  await expect(page.getByTestId('page-leaderboard')).toBeVisible();
  const button = menuButton(page);
  const streak = sections(page).getByRole('link', { name: 'Streak', exact: true });
  await expectOnScreen(button);
  const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
  await expect(panel).toBeHidden();

  await button.tap();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAccessibleName('Sections');
  for (const name of ['Games', 'Leaderboard', 'Streak', 'Shop', 'Pass', 'Chat', 'Settings']) {
    await expectOnScreen(sections(page).getByRole('link', { name, exact: true }));
  }
  await expectNoSidewaysScroll(page, 'menu open');

  // A second tap on the button folds it away; so does a tap on the page beside it.
  await button.tap();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
  await button.tap();
  await expect(panel).toBeVisible();
  await page.touchscreen.tap(WIDTH / 2, HEIGHT - 40);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(panel).toBeHidden();

  await button.tap();
  await streak.tap();
  await expect(page).toHaveURL(/\/streak$/);
  await expect(page.getByTestId('page-streak')).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
});

test('the menu works from the keyboard: Enter opens, Tab goes in, Escape closes back to the button', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByTestId('page-privacy')).toBeVisible();
  const button = menuButton(page);
  const panel = sections(page);
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeVisible();
  // The sections follow the button: the next Tab is the first of them.
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('link', { name: 'Games', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press('Space');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('link', { name: 'Leaderboard', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('page-leaderboard')).toBeVisible();
  await expect(panel).toBeHidden();
  // The link went away with the menu; the keyboard is back on the button, not lost at the top of the page.
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // Tabbing on past the sections into the page folds the menu, which would cover what has the focus.
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  const links = await panel.getByRole('link').count();
  for (let i = 0; i <= links + 2; i++) await page.keyboard.press('Tab');
  await expect(panel).toBeHidden();
});

test('signed in, the balance and the account show without opening the menu, also with a change pending offline', async ({
  page,
  context,
}) => {
  await onboardedStudent(page);
  await page.goto('/streak');
  const navbar = page.getByTestId('navbar');
  const account = navbar.getByTestId('account-link');
  await expectSignedIn(navbar);
  await expect(navbar.getByTestId('account-username')).not.toHaveText('My profile');
  const username = (await navbar.getByTestId('account-username').textContent()) ?? '';
  await expectOnScreen(account);
  // The name is not drawn (there is no room), but it stays the link's name.
  await expect(account).toHaveAccessibleName(new RegExp(username));
  await expectOnScreen(navbar.getByTestId('coin-balance'));
  await expect(navbar.getByTestId('coin-amount')).toHaveText(/^\d/);
  await expectOnScreen(navbar.getByRole('link', { name: 'Hollowed Portal' }));
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expectNoSidewaysScroll(page, '/streak signed in');

  await context.setOffline(true);
  await page.getByTestId('claim-streak').tap();
  await expectOnScreen(navbar.getByTestId('sync-indicator'));
  await expect(navbar.getByTestId('sync-indicator')).toHaveText('Offline · 1 pending');
  await expectOnScreen(navbar.getByTestId('coin-balance'));
  await expectOnScreen(account);
  // With the status on a row of its own, the navbar still ends above the page's first line.
  const bar = await navbar.boundingBox();
  const heading = await page.getByTestId('page-streak').getByRole('heading', { level: 1 }).boundingBox();
  expect(bar!.y + bar!.height).toBeLessThanOrEqual(heading!.y);
  await context.setOffline(false);

  for (const [path, name] of [
    ['/shop', 'shop'],
    ['/profile', 'profile'],
    ['/class/2048', 'app-detail'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(`page-${name}`), path).toBeVisible();
    await expect(navbar.getByTestId('coin-balance'), path).toBeVisible();
    await expectNoSidewaysScroll(page, `${path} signed in`);
  }
});

test('2048 fills the screen’s width, upright, and slides its tiles at a swipe', async ({ page }) => {
  const game = await openClassGame(page, '/2048');
  const frame = await page.getByTestId('game-frame').boundingBox();
  expect(frame).not.toBeNull();
  // The frame spans the page's width (less its padding) and is seen whole, below the navbar.
  expect(frame!.x).toBeGreaterThanOrEqual(0);
  expect(frame!.x + frame!.width).toBeLessThanOrEqual(WIDTH);
  expect(frame!.width).toBeGreaterThan(WIDTH - 48);
  expect(frame!.height).toBeGreaterThan(frame!.width);
  expect(frame!.y + frame!.height).toBeLessThanOrEqual(HEIGHT);
  // The board takes the room it is given (the issue measured about 220 px).
  const board = game.locator('#game');
  const side = await board.boundingBox();
  expect(side!.width).toBeGreaterThan(300);

  const moves = () => board.evaluate((element) => Number((element as HTMLElement).dataset.moves));
  const cells = () => board.evaluate((element) => (element as HTMLElement).dataset.cells);
  const before = await cells();
  expect(await moves()).toBe(0);
  // Four directions: with two tiles on the board, at least one of them moves something.
  for (const [dx, dy] of [
    [-120, 0],
    [0, -120],
    [120, 0],
    [0, 120],
  ] as const) {
    await swipe(page, await centreOf(board), dx, dy);
  }
  await expect.poll(moves).toBeGreaterThan(0);
  expect(await cells()).not.toBe(before);
  await expectNoSidewaysScroll(page, '2048 after swipes');
});

test('Snake starts at a tap and turns at a swipe, with the touch pad on screen', async ({ page }) => {
  const game = await openClassGame(page, '/snake');
  const canvas = game.locator('#game');
  expect((await canvas.boundingBox())!.width).toBeGreaterThan(250);
  await expectOnScreen(game.locator('.pad [data-dir="up"]'));
  expect(await frameState(game)).toBe('ready');
  const centre = await centreOf(canvas);
  await page.touchscreen.tap(centre.x, centre.y);
  await expect.poll(() => frameState(game)).toBe('playing');
  const headRow = async () => Number((await canvas.getAttribute('data-head'))!.split(',')[1]);
  const start = await headRow();
  // It sets off sideways; a swipe up turns it, so its head climbs rows.
  await swipe(page, centre, 0, -100);
  await expect.poll(headRow).toBeLessThan(start);
  expect(await frameState(game)).toBe('playing');
});

test('Breakout’s paddle follows a finger dragged across the board', async ({ page }) => {
  const game = await openClassGame(page, '/breakout');
  const canvas = game.locator('#game');
  const box = (await canvas.boundingBox())!;
  expect(box.width).toBeGreaterThan(280);
  const paddle = async () => Number(await canvas.getAttribute('data-paddle'));
  const from = { x: box.x + box.width * 0.5, y: box.y + box.height * 0.85 };
  await swipe(page, from, -box.width * 0.35, 0);
  // The board is 480 units wide whatever its size on screen; the finger stopped at 15% of it.
  await expect.poll(paddle).toBeLessThan(480 / 4);
  const left = await paddle();
  await swipe(page, { x: box.x + box.width * 0.15, y: from.y }, box.width * 0.7, 0);
  await expect.poll(paddle).toBeGreaterThan(left);
});

test('every bundled game fits its frame at a phone’s width: its header, buttons and play area all on screen', async ({ page }) => {
  test.slow();
  for (const { title, slug } of BUNDLED) {
    const game = await openClassGame(page, slug);
    const frame = (await page.getByTestId('game-frame').boundingBox())!;
    const cut = await game.locator('body').evaluate(() => {
      const shown = (element: HTMLElement) => element.offsetParent !== null && element.closest('[hidden], .over') === null;
      const outside = (element: HTMLElement, area: { left: number; right: number; top: number; bottom: number }) => {
        const box = element.getBoundingClientRect();
        return box.left < area.left - 1 || box.right > area.right + 1 || box.top < area.top - 1 || box.bottom > area.bottom + 1;
      };
      const name = (element: HTMLElement) => element.id || element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName;
      const screen = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
      const play = document.getElementById('game')!;
      // Nothing past the frame's edges, and no key or button spilling out of the play area it belongs to.
      return [
        ...[...document.querySelectorAll<HTMLElement>('button, select, input, #game, h1')].filter((element) => shown(element) && outside(element, screen)),
        ...[...play.querySelectorAll<HTMLElement>('button, select, input')].filter((element) => shown(element) && outside(element, play.getBoundingClientRect())),
      ].map(name);
    });
    expect(cut, `${title}: cut off in a ${Math.round(frame.width)}x${Math.round(frame.height)} frame`).toEqual([]);
    await expectNoSidewaysScroll(page, title);
  }
});
