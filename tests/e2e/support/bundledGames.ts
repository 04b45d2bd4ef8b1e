// The bundled games as the portal shows them: a class page per game with the game in a sandboxed
// frame. The bundled backup list and the server's catalogue (its migrations) list the same games.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { parseGameMessage } from '../../../src/domain/gameSdk.ts';

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

/**
 * Opens a game's class page and waits until the game inside the frame has drawn its play area and has
 * the keyboard (the portal gives it focus once the frame has loaded, which can come after the drawing).
 */
export async function openClassGame(page: Page, slug: string): Promise<FrameLocator> {
  await page.goto(`/class${slug}`);
  const frame = gameFrame(page);
  await expect(frame.locator('#game')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => frame.locator('body').evaluate(() => document.hasFocus())).toBe(true);
  return frame;
}

export const frameState = (frame: FrameLocator) => frame.locator('body').getAttribute('data-state');

/**
 * Gives the keyboard to an element of the game's frame the way a student does, with a click. The frame
 * is a page of its own origin (often its own process): focus() called in it, or the portal focusing the
 * frame, reaches the browser as a message from that process, which under load can arrive after the keys
 * the test sends next, and the browser then routes them to the top page. A click is an input event
 * itself: the browser gives the frame focus as it delivers it, before any key queued after it.
 */
export async function focusByClick(target: Locator): Promise<void> {
  await target.click();
}

/**
 * Starts Snake in the portal's frame with an arrow key, the frame focused first by a click (see focusByClick).
 * On a machine loaded to twelve runnable tasks a core, the key was once lost even after the click (the
 * game stayed ready for 10 s): the click and the key are made again until the game has started, as a
 * student presses again. A key that reached the game starts it at once, so a second is never needed then.
 */
export async function startSnake(frame: FrameLocator): Promise<void> {
  await expect(async () => {
    await focusByClick(frame.locator('#score'));
    await frame.locator('#game').press('ArrowUp');
    await expect.poll(() => frameState(frame), { timeout: 3_000 }).not.toBe('ready');
  }).toPass({ timeout: 30_000 });
}

/** From the page's next load on, keeps every message a game's frame posts to the portal, for reportedRuns. */
export async function keepGameMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { fromGame: unknown[] };
    w.fromGame = [];
    window.addEventListener('message', (event) => {
      if (event.origin === 'null') w.fromGame.push(event.data);
    });
  });
}

/** What the game's frame posted since the page loaded, each as the portal's parser reads it (needs keepGameMessages). */
export async function gameMessages(page: Page): Promise<ReturnType<typeof parseGameMessage>[]> {
  return (await page.evaluate(() => (window as unknown as { fromGame: unknown[] }).fromGame)).map((message) => parseGameMessage(message));
}

/** The runs the game reported a stat in since the page loaded, oldest first (needs keepGameMessages). */
export async function reportedRuns(page: Page): Promise<string[]> {
  return (await gameMessages(page)).flatMap((parsed) => (parsed.ok && parsed.message.type === 'sdk:stat' ? [parsed.message.runId] : []));
}

/** Posts an achievement's unlock from the game's frame, as the SDK sends it. */
export async function unlockFromGame(page: Page, runId: string, id: string): Promise<void> {
  await gameFrame(page).locator('body').evaluate((_body, [run, code]) => {
    window.parent.postMessage({ type: 'sdk:achievement', version: 2, runId: run, id: code }, '*');
  }, [runId, id]);
}

/**
 * The game frame holds a page loaded by URL whose origin is opaque ('null'), the sandbox its header
 * gives it: nothing in it can read the portal's storage or session. No frame attribute grants the
 * portal's origin back (allow-same-origin).
 */
export async function expectSandboxedGame(page: Page, src: string | RegExp, label?: string): Promise<void> {
  const element = page.getByTestId('game-frame');
  await expect(element, label).toHaveAttribute('src', src);
  expect((await element.getAttribute('sandbox')) ?? '', label).not.toContain('allow-same-origin');
  expect(await element.getAttribute('srcdoc'), label).toBeNull();
  await expect.poll(async () => (await (await element.elementHandle())?.contentFrame())?.evaluate(() => self.origin), { message: label }).toBe('null');
}
