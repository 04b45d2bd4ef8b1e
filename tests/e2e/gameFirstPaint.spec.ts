// A game's page arriving in pieces (a slow school network, or a busy laptop whose parser yields) must not
// be painted half-built: Chromium painted a header with two of its four scores and then the rest, a layout
// shift the portal's page counts as its own (issue 27). The page is built as the portal serves it and
// sent in two parts with a pause between, from a server on this machine.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { buildGame } from '../../scripts/bundledGames.ts';

let server: Server;
let origin: string;

test.beforeAll(async () => {
  const { html } = await buildGame('minesweeper');
  const cut = html.indexOf('<div class="stat"><small>Time</small>');
  expect(cut).toBeGreaterThan(0);
  server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    if (request.url === '/minesweeper/') {
      response.write(html.slice(0, cut));
      setTimeout(() => response.end(html.slice(cut)), 1_000);
    } else if (request.url === '/whole/minesweeper/') {
      response.end(html);
    } else {
      // A page that frames the game before its frame has a size, as a frame in a process of its own starts.
      response.end('<!doctype html><html><body style="margin:0"><iframe id="game-frame" src="/whole/minesweeper/" style="width:0;height:0;border:0"></iframe></body></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The layout shifts a page (or a frame, given its body) has recorded since it started. */
function shiftsOf(body: import('@playwright/test').Locator): Promise<string[]> {
  return body.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node: Node | null }[] })[]) {
            seen.push(`${entry.value.toFixed(4)}: ${entry.sources.map((source) => (source.node as Element | null)?.outerHTML?.slice(0, 60) ?? '?').join(', ')}`);
          }
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => {
          observer.disconnect();
          resolve(seen);
        }));
      }),
  );
}

test('a game first laid out in a frame with no size yet shows its board only at the frame’s size: nothing moves', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(`${origin}/host`);
  const frame = page.frameLocator('#game-frame');
  // The game's script has run (the SDK marks a framed page), its board fitted to no size at all.
  await expect(frame.locator('html')).toHaveAttribute('data-framed', '');
  await page.waitForTimeout(300);
  await page.locator('#game-frame').evaluate((el: HTMLIFrameElement) => {
    el.style.width = '386px';
    el.style.height = '645px';
  });
  await expect(frame.locator('html')).toHaveAttribute('data-ready', '');
  await expect(frame.locator('#game')).toBeVisible();
  await page.waitForTimeout(300);
  expect(await shiftsOf(frame.locator('body'))).toEqual([]);
});

test('a game page that arrives in two parts is first shown whole: nothing in it moves', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(`${origin}/minesweeper/`);
  await expect(page.locator('#game')).toBeVisible();
  expect(await shiftsOf(page.locator('body'))).toEqual([]);
});
