// The bundled games as the portal shows them: a class page per game with the game in a sandboxed
// frame. The server's catalogue gets its rows from the SQL migrations; until those list every bundled
// game, the tests lay the bundled backup list over the server's answer (by id) so each game has a page.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { backendUrl } from './backend.ts';

export interface BundledEntry {
  id: string;
  title: string;
  slug: string;
  url: string;
}

export const BUNDLED: BundledEntry[] = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../../public/backup-apps.json', import.meta.url)), 'utf8')) as (BundledEntry & { bundled: boolean })[]
).filter((entry) => entry.bundled);

const CATALOGUE = `${backendUrl}/rest/v1/rpc/get_apps_ordered_by_title*`;

/** Answers the catalogue with the server's rows and every bundled game, for this page only. */
export async function withBundledCatalogue(page: Page): Promise<void> {
  const bundled = JSON.parse(readFileSync(fileURLToPath(new URL('../../../public/backup-apps.json', import.meta.url)), 'utf8')) as { id: string }[];
  await page.route(CATALOGUE, async (route) => {
    let response;
    try {
      response = await route.fetch();
    } catch {
      // The backend dropped the request: the page falls back as it would, on the bundled list.
      await route.abort('connectionreset').catch(() => undefined);
      return;
    }
    const server = (await response.json()) as { id: string }[];
    const ids = new Set(bundled.map((entry) => entry.id));
    const rows = [...server.filter((row) => !ids.has(row.id)), ...bundled.map((entry) => ({ created_at: '2026-01-01T00:00:00+00:00', ...entry }))];
    // The page may have moved on (or the test unrouted) while the server answered.
    await route.fulfill({ response, json: rows }).catch(() => undefined);
  });
}

export async function withoutBundledCatalogue(page: Page): Promise<void> {
  await page.unroute(CATALOGUE);
}

export function gameFrame(page: Page): FrameLocator {
  return page.frameLocator('[data-testid="game-frame"]');
}

/** Opens a game's class page and waits until the game inside the frame has drawn its play area. */
export async function openClassGame(page: Page, slug: string): Promise<FrameLocator> {
  await page.goto(`/class${slug}`);
  const frame = gameFrame(page);
  await expect(frame.locator('#game')).toBeVisible({ timeout: 15_000 });
  return frame;
}

export const frameState = (frame: FrameLocator) => frame.locator('body').getAttribute('data-state');
