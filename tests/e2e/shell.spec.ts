import { expect, test, type Page } from '@playwright/test';
import { APP_LIST_FAILED } from '../../src/domain/messages.ts';

// The app shell over the production build: routes of both layouts, navbar and footers, the variant
// banner rule, the theme, scroll restoration and notices.

const defaultRoutes: Array<{ path: string; page: string; heading?: string }> = [
  { path: '/', page: 'app-list' },
  { path: '/class', page: 'app-list' },
  { path: '/privacy', page: 'privacy' },
  { path: '/terms', page: 'terms' },
  { path: '/auth', page: 'auth' },
  { path: '/auth/callback', page: 'auth-callback' },
  { path: '/chad', page: 'chat' },
  { path: '/streak', page: 'streak' },
  { path: '/leaderboard', page: 'leaderboard', heading: 'Leaderboard' },
  { path: '/yt', page: 'yt' },
  { path: '/profile', page: 'profile' },
  { path: '/profile/someone', page: 'profile', heading: '@someone' },
  { path: '/settings', page: 'settings' },
  { path: '/class/creator', page: 'class-creator' },
  { path: '/class/Snake', page: 'app-detail', heading: 'Snake' },
  { path: '/class/Flappy-Hollow', page: 'app-detail', heading: 'Flappy Hollow' },
  { path: '/cache', page: 'cache' },
  { path: '/mirrors', page: 'mirrors' },
  { path: '/takedown', page: 'takedown' },
  { path: '/change-password', page: 'change-password' },
  { path: '/onboarding', page: 'onboarding' },
  { path: '/iframeCheck', page: 'iframe-check' },
  { path: '/creator', page: 'creator' },
  { path: '/creator/abc', page: 'creator-videos' },
  { path: '/creator/abc/xyz', page: 'creator-video' },
];

async function forceOverride(page: Page, query: string) {
  await page.goto(`/?${query}`);
  await expect(page.locator('main [data-testid^="page-"]')).toBeVisible();
}

/** In-app navigation, as a link click would do, so the document (and its <head>) is kept. */
async function navigateInApp(page: Page, url: string) {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

async function themeOf(page: Page) {
  return page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const main = document.querySelector('main');
    return {
      primary: root.getPropertyValue('--primary').trim(),
      secondary: root.getPropertyValue('--secondary').trim(),
      accent: root.getPropertyValue('--accent').trim(),
      menu: root.getPropertyValue('--menu').trim(),
      background: getComputedStyle(document.body).backgroundColor,
      backgroundImage: getComputedStyle(document.body).backgroundImage,
      padding: main === null ? '' : getComputedStyle(main).padding,
      styles: document.querySelectorAll('style#portal-theme').length,
    };
  });
}

test.describe('default layout', () => {
  for (const route of defaultRoutes) {
    test(`${route.path} renders its page`, async ({ page }) => {
      await page.goto(route.path);
      const root = page.getByTestId(`page-${route.page}`);
      await expect(root).toBeVisible();
      await expect(page.getByTestId('footer')).toBeVisible();
      if (route.heading !== undefined) {
        await expect(root.getByRole('heading', { level: 1 })).toHaveText(route.heading);
        await expect(page).toHaveTitle(`${route.heading} · Hollowed Portal`);
      }
      await expect(page.getByTestId('variant-footer')).toHaveCount(0);
    });
  }

  test('the creator video page shows both ids from the path', async ({ page }) => {
    await page.goto('/creator/abc/xyz');
    await expect(page.getByTestId('social-id')).toHaveText('abc');
    await expect(page.getByTestId('video-id')).toHaveText('xyz');
  });

  test('the app list shows the bundled games, linking to their class pages', async ({ page }) => {
    await page.goto('/');
    const cards = page.getByTestId('app-card');
    await expect(cards).toHaveCount(14);
    await expect(cards.first()).toContainText('2048');
    await page.getByTestId('app-grid').getByRole('link', { name: /Memory Match/ }).click();
    await expect(page).toHaveURL(/\/class\/memory-match$/);
    await expect(page.getByTestId('page-app-detail').getByRole('heading', { level: 1 })).toHaveText('Memory Match');
  });

  for (const path of ['/no-such-page', '/class/Snake/extra', '/profile/a/b', '/creator/a/b/c']) {
    test(`unknown path ${path} renders the not-found page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId('page-not-found')).toBeVisible();
      await expect(page.getByTestId('navbar')).toBeVisible();
      await expect(page).toHaveTitle('Page not found · Hollowed Portal');
    });
  }

  test('robots.txt and /favicon.ico are real files, not the app page', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent: \*$/m);
    const favicon = await request.get('/favicon.ico');
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toMatch(/^image\//);
    // An .ico starts with reserved 0 and type 1 (icon).
    expect([...(await favicon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  test('the navbar and both footers show on ordinary pages', async ({ page }) => {
    await page.goto('/leaderboard');
    const navbar = page.getByTestId('navbar');
    await expect(navbar).toBeVisible();
    // index.html paints a static navbar frame first; the app's own navbar replaces it, never sits below it.
    await expect(page.locator('header')).toHaveCount(1);
    for (const name of ['Games', 'Leaderboard', 'Streak', 'Chat', 'Settings', 'Sign in']) {
      await expect(navbar.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('second-footer')).toBeVisible();
    await expect(page.getByTestId('footer')).toBeVisible();
    await navbar.getByRole('link', { name: 'Streak', exact: true }).click();
    await expect(page.getByTestId('page-streak')).toBeVisible();
    await expect(page).toHaveURL(/\/streak$/);
  });

  test('/onboarding hides the navbar and the second footer but keeps the footer', async ({ page }) => {
    await page.goto('/onboarding');
    await expect(page.getByTestId('page-onboarding')).toBeVisible();
    await expect(page.getByTestId('navbar')).toHaveCount(0);
    await expect(page.getByTestId('second-footer')).toHaveCount(0);
    await expect(page.getByTestId('footer')).toBeVisible();
  });

  test('the window scrolls to the top when the path changes', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 240 });
    // The privacy page is long prose: a page the student really scrolls down.
    await page.goto('/privacy');
    await expect(page.getByTestId('page-privacy')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // At a phone's width the sections are behind the menu button (phone.spec.ts).
    await page.getByTestId('navbar').getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('navbar').getByRole('link', { name: 'Leaderboard', exact: true }).click();
    await expect(page.getByTestId('page-leaderboard')).toBeVisible();
    // The new page is taller than the window, so without the reset it would stay scrolled down.
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(100);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  /** The notice's bar once its entry animation (a scale-in) has finished, and the navbar's bottom edge. */
  async function noticeAndNavbar(page: Page) {
    // The spec's notice when the server cannot list the apps (the bundled list fills in).
    await page.route('**/rest/v1/rpc/get_apps_ordered_by_title', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/');
    const message = page.getByText(APP_LIST_FAILED);
    await expect(message).toBeVisible();
    const bar = page.locator('[role="status"]').filter({ has: message }).locator('..');
    await bar.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    const box = await bar.boundingBox();
    const nav = await page.getByTestId('navbar').boundingBox();
    const viewport = page.viewportSize();
    if (box === null || nav === null || viewport === null) throw new Error('the notice, the navbar or the window has no box');
    return { message, box, navBottom: nav.y + nav.height, viewport };
  }

  test('a notice shows top right below the navbar, 320 px wide, and goes away after 5 seconds', async ({ page }) => {
    const { message, box, navBottom, viewport } = await noticeAndNavbar(page);
    expect(Math.round(box.width)).toBe(320);
    // Below the navbar, so the balance and the account link stay in sight, and right up under it.
    expect(box.y).toBeGreaterThanOrEqual(navBottom);
    expect(box.y).toBeLessThan(navBottom + 24);
    expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
    await page.waitForTimeout(3500);
    await expect(message).toBeVisible();
    await expect(message).toHaveCount(0, { timeout: 4000 });
  });

  test('on a phone a notice rises from the bottom, clear of the navbar and the screen edge', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { box, navBottom, viewport } = await noticeAndNavbar(page);
    expect(box.y).toBeGreaterThan(navBottom);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height - 8);
    expect(box.y + box.height).toBeGreaterThan(viewport.height - 48);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  });
});

test.describe('theme', () => {
  test('the default layout has the light theme colours and top padding', async ({ page }) => {
    await page.goto('/leaderboard');
    await expect(page.getByTestId('page-leaderboard')).toBeVisible();
    const theme = await themeOf(page);
    expect(theme).toMatchObject({
      primary: '#1e3a8a',
      secondary: '#f1f5f9',
      accent: '#2761a3',
      menu: '#1e293b',
      background: 'rgb(241, 245, 249)',
      padding: '89.6px 0px 0px',
      styles: 1,
    });
    expect(theme.backgroundImage).toContain('/backgrounds/light.svg');
  });

  test('the colour scheme follows the system, and a choice in Settings is kept on the device', async ({ page }) => {
    const scheme = () =>
      page.evaluate(() => ({
        chosen: document.documentElement.getAttribute('data-scheme'),
        // A card of the page, drawn in the scheme's surface colour.
        surface: getComputedStyle(document.querySelector('[data-testid="colour-scheme-setting"]')!).backgroundColor,
        background: getComputedStyle(document.body).backgroundColor,
      }));
    const light = { chosen: null, surface: 'rgb(255, 255, 255)', background: 'rgb(241, 245, 249)' };
    const dark = { surface: 'rgb(28, 26, 61)', background: 'rgb(15, 14, 36)' };
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/settings');
    const choice = page.getByTestId('colour-scheme-setting');
    await expect(choice.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(await scheme()).toEqual({ chosen: null, ...dark });

    await choice.getByRole('radio', { name: 'Light' }).check();
    expect(await scheme()).toEqual({ ...light, chosen: 'light' });
    await page.reload();
    await expect(choice.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(await scheme()).toEqual({ ...light, chosen: 'light' });

    await page.emulateMedia({ colorScheme: 'light' });
    await choice.getByRole('radio', { name: 'Dark' }).check();
    expect(await scheme()).toEqual({ chosen: 'dark', ...dark });
    await choice.getByRole('radio', { name: 'System' }).check();
    expect(await scheme()).toEqual(light);
  });

  test('the variant layout with flag test has the dark green theme and padded layout', async ({ page }) => {
    await forceOverride(page, 'layout=variant&flag=test');
    const theme = await themeOf(page);
    expect(theme).toMatchObject({ background: 'rgb(29, 44, 19)', padding: '32px 32px 0px', styles: 1 });
    expect(theme.backgroundImage).toContain('/backgrounds/green.svg');
  });

  test('the variant layout with another flag value keeps the light theme', async ({ page }) => {
    await forceOverride(page, 'layout=variant&flag=control');
    await expect(page.getByTestId('variant-footer')).toBeVisible();
    expect(await themeOf(page)).toMatchObject({ primary: '#1e3a8a', background: 'rgb(241, 245, 249)', styles: 1 });
  });

  test('the theme style is replaced, never duplicated, when the override changes', async ({ page }) => {
    await forceOverride(page, 'layout=variant&flag=test');
    expect(await themeOf(page)).toMatchObject({ background: 'rgb(29, 44, 19)', styles: 1 });

    await navigateInApp(page, '/?flag=control');
    await expect.poll(async () => (await themeOf(page)).background).toBe('rgb(241, 245, 249)');
    expect((await themeOf(page)).styles).toBe(1);
    await expect(page.getByTestId('variant-footer')).toBeVisible();

    await navigateInApp(page, '/leaderboard?flag=test');
    await expect.poll(async () => (await themeOf(page)).background).toBe('rgb(29, 44, 19)');
    expect((await themeOf(page)).styles).toBe(1);

    await navigateInApp(page, '/?layout=reset');
    await expect(page.getByTestId('navbar')).toBeVisible();
    await expect(page.getByTestId('variant-footer')).toHaveCount(0);
    expect(await themeOf(page)).toMatchObject({ background: 'rgb(241, 245, 249)', styles: 1 });
  });

  test('the override survives a reload and is cleared by layout=reset', async ({ page }) => {
    await forceOverride(page, 'layout=variant&flag=test');
    await page.goto('/leaderboard');
    await expect(page.getByTestId('variant-footer')).toBeVisible();
    await page.goto('/leaderboard?layout=reset');
    await expect(page.getByTestId('navbar')).toBeVisible();
    await page.goto('/leaderboard');
    await expect(page.getByTestId('navbar')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('portal.override'))).toBeNull();
  });

  test('off the variant hosts, flag value test alone keeps the default layout', async ({ page }) => {
    await page.goto('/?flag=test');
    await expect(page.getByTestId('navbar')).toBeVisible();
    await expect(page.getByTestId('variant-footer')).toHaveCount(0);
    expect(await themeOf(page)).toMatchObject({ background: 'rgb(241, 245, 249)' });
  });
});

test.describe('variant layout', () => {
  const samples: Array<{ path: string; page: string; banner: boolean }> = [
    { path: '/', page: 'variant-home', banner: false },
    { path: '/privacy', page: 'privacy', banner: false },
    { path: '/leaderboard', page: 'leaderboard', banner: false },
    { path: '/class/Snake', page: 'game-grid', banner: false },
    { path: '/games-of-2024', page: 'category', banner: true },
    { path: '/puzzle', page: 'category', banner: true },
    { path: '/creator/abc', page: 'creator-videos', banner: true },
    { path: '/creator/abc/xyz', page: 'creator-video', banner: true },
    { path: '/profile/someone', page: 'profile', banner: true },
    { path: '/a/b/c', page: 'not-found', banner: true },
  ];

  test('the banner shows or hides by the rule, and the variant footer always shows', async ({ page }) => {
    await forceOverride(page, 'layout=variant&flag=test');
    for (const sample of samples) {
      await page.goto(sample.path);
      await expect(page.getByTestId(`page-${sample.page}`), sample.path).toBeVisible();
      await expect(page.getByTestId('variant-banner'), sample.path).toHaveCount(sample.banner ? 1 : 0);
      await expect(page.getByTestId('variant-footer'), sample.path).toBeVisible();
      await expect(page.getByTestId('navbar'), sample.path).toHaveCount(0);
    }
  });

  test('a category grid lists only that category', async ({ page }) => {
    await forceOverride(page, 'layout=variant&flag=test');
    await page.goto('/puzzle');
    const root = page.getByTestId('page-category');
    await expect(root.getByRole('heading', { level: 1 })).toHaveText('Puzzle');
    await expect(root.getByTestId('app-card')).toHaveCount(4);
    await expect(root.getByTestId('app-card').filter({ hasNotText: 'Puzzle' })).toHaveCount(0);
    await page.goto('/games-of-2024');
    await expect(page.getByTestId('page-category').getByRole('heading', { level: 1 })).toHaveText('games of 2024');
    await expect(page.getByText('There are no games in this category yet.')).toBeVisible();
  });
});
