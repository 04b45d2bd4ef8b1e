// The bundled games as the portal shows them: a class page per game with the game in a sandboxed
// frame. The bundled backup list and the server's catalogue (its migrations) list the same games.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type FrameLocator, type Page } from '@playwright/test';

export interface BundledEntry {
  id: string;
  title: string;
  slug: string;
  url: string;
}

export const BUNDLED: BundledEntry[] = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../../public/backup-apps.json', import.meta.url)), 'utf8')) as (BundledEntry & { bundled: boolean })[]
).filter((entry) => entry.bundled);

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
