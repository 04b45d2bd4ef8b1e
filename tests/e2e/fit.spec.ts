// Every route fits every screen a school has (issue 27): no page scrolls sideways from 320 to 1920 px wide,
// and on a phone every control a finger aims at is at least 44x44 px (its box, or the box a label gives
// it). Links inside running text are the exception the guidelines make (WCAG 2.5.8): a sentence cannot grow.
import { expect, test, type Page } from '@playwright/test';
import { matchPath } from 'react-router-dom';
import { defaultPatterns } from './support/routes.ts';
import { signInNewStudent, signUpViaApi, studentSays } from './support/backend.ts';
import { onboard } from './support/student.ts';

const WIDTHS = [320, 390, 768, 1024, 1366, 1920];
const TAP = 44;

const PATHS = [
  '/', '/class', '/puzzle', '/class/2048', '/class/Snake', '/class/creator', '/yt', '/leaderboard', '/streak', '/shop', '/pass',
  '/chad', '/friends', '/play/1', '/play/join/AAAAAAAAAAAAAAAA', '/settings', '/auth', '/auth/callback', '/onboarding', '/profile', '/profile/nobody_here', '/creator', '/creator/abc',
  '/creator/abc/xyz', '/moderate', '/iframeCheck', '/cache', '/mirrors', '/takedown', '/privacy', '/terms', '/change-password',
  '/no-such-page',
];

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main [data-testid^="page-"]').first()).toBeVisible();
  await expect(page.getByTestId('loading-bar')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/** What reaches past the screen's right edge, outermost first: where a sideways scroll starts. */
function overflowAt(page: Page): Promise<{ scrollWidth: number; innerWidth: number; past: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const past = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > width + 0.5);
    const starts = past.filter((el) => !past.some((other) => other !== el && other.contains(el)));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: width,
      past: starts.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`),
    };
  });
}

/** Visible controls smaller than a fingertip, unless they sit inside running text. */
function smallTargets(page: Page, least: number): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="menuitem"]');
    const small: string[] = [];
    for (const el of controls) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.closest('[aria-hidden="true"], [inert]')) continue;
      let box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // A checkbox or radio is aimed at through its label.
      const label = (el as HTMLInputElement).labels?.[0];
      if (label) {
        const lbox = label.getBoundingClientRect();
        if (lbox.width * lbox.height > box.width * box.height) box = lbox;
      }
      if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
      // A link in a sentence: the text around it is what it is part of.
      const parent = el.parentElement;
      if (el.tagName === 'A' && parent && ['P', 'LI', 'SPAN', 'SMALL', 'TD', 'LABEL', 'DD', 'FIGCAPTION'].includes(parent.tagName)) {
        const text = (parent.textContent ?? '').trim();
        if (text.length > (el.textContent ?? '').trim().length + 8) continue;
      }
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
      small.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return small;
  }, least);
}

test('the list below visits every route of the default layout', () => {
  const unvisited = defaultPatterns().filter((pattern) => !PATHS.some((path) => matchPath(pattern, path) !== null));
  expect(unvisited).toEqual([]);
});

test.describe('signed in', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const width of WIDTHS) {
    test(`no route scrolls sideways at ${width} px`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 800 });
      const student = await signInNewStudent(page);
      await onboard(student);
      const found: string[] = [];
      for (const path of PATHS) {
        await open(page, path);
        const { scrollWidth, innerWidth, past } = await overflowAt(page);
        if (scrollWidth > innerWidth) found.push(`${path}: ${scrollWidth} px on ${innerWidth} (${past.join(', ')})`);
      }
      expect(found).toEqual([]);
    });
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('every control a finger aims at is at least 44x44 px on every route', async ({ page }) => {
    test.setTimeout(180_000);
    // A classmate's message, so the chat shows the controls a message from someone else carries.
    const { student: classmate } = await signUpViaApi();
    await onboard(classmate);
    await studentSays(classmate, 'anyone up for chess?');
    const student = await signInNewStudent(page);
    await onboard(student);
    const found: string[] = [];
    for (const path of PATHS) {
      await open(page, path);
      if (path === '/chad') await expect(page.getByRole('button', { name: /^Report message from / }).first()).toBeVisible();
      for (const target of await smallTargets(page, TAP)) found.push(`${path}: ${target}`);
    }
    expect(found).toEqual([]);
  });
});
