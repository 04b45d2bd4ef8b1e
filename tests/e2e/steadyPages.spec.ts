// Nothing on a page moves while it loads (issue 27: CLS 0). Measured as Lighthouse does, with the
// browser's layout-shift entries, on Lighthouse's phone: /cache moved by 0.49 as its sections arrived
// one by one, /leaderboard by 0.17 as each board grew from "Not loaded on this device yet." to its rows.
import { expect, test } from '@playwright/test';

// Every page a visitor reaches from the navigation, the footer and a category (the game page has its own
// test in gamePage.spec.ts). /pass comes first, before /shop has brought the items its tiers name: its
// cards grew as the names arrived (0.0052).
const ROUTES = ['/', '/pass', '/cache', '/leaderboard', '/shop', '/streak', '/chad', '/friends', '/privacy', '/terms', '/auth', '/mirrors', '/takedown', '/class', '/yt', '/arcade', '/profile', '/settings'];

test('no page moves while it loads, on a phone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 412, height: 823 });
  // A first visit installs the portal; the pages are then measured as a student meets them every day.
  await page.goto('/');
  await expect(page.getByTestId('featured-game')).toBeVisible({ timeout: 15_000 });
  const moved: Record<string, string[]> = {};
  for (const route of ROUTES) {
    await page.goto(route);
    // Long enough for the device's reads and a server's answer on this machine.
    await page.waitForTimeout(2_000);
    const shifts = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] })[]) {
              if (!entry.hadRecentInput) seen.push(`${entry.value.toFixed(4)}: ${entry.sources.map((source) => (source.node as Element | null)?.outerHTML?.slice(0, 70) ?? '?').join(' | ')}`);
            }
          });
          observer.observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => {
            observer.disconnect();
            resolve(seen);
          }));
        }),
    );
    if (shifts.length > 0) moved[route] = shifts;
  }
  expect(moved).toEqual({});
});
