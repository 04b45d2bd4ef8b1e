// Each game written for issue 18 opens from the service worker's precache with no network and no
// backend, plays in its sandboxed frame, and hands its score to the portal's form.
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { test } from './support/backendLink.ts';
import { focusByClick, frameState, openClassGame } from './support/bundledGames.ts';
import { installServiceWorker } from './support/student.ts';
import { chooseMove } from '../../games/hex-conquest/rules.ts';
import { RUN_CLOCK_SLACK_MS } from '../../src/domain/gameRun.ts';

/**
 * Plays out a timed round on the fake clock. Playwright moves the clocks of the page and of the game's
 * frame one after the other, so in one long jump the game can end its round before the portal's clock
 * has moved: the portal would then see a minute's score after a few seconds of play and rightly drop it.
 * Steps shorter than the portal's slack keep the two clocks that close.
 */
async function playOutRound(frame: FrameLocator, page: Page): Promise<void> {
  for (let k = 0; k < 100 && (await frameState(frame)) !== 'over'; k += 1) await page.clock.fastForward(RUN_CLOCK_SLACK_MS / 2);
}

/** Plays until the game reports a score, as a student would, driven through the game's test hooks. */
const PLAY: Record<string, (frame: FrameLocator, page: Page) => Promise<void>> = {
  async '/tic-tac-toe'(frame) {
    await frame.locator('#level').selectOption('hard');
    for (let k = 0; k < 40 && (await frameState(frame)) !== 'over'; k += 1) {
      const free = frame.locator('.cell:not([disabled])');
      if ((await free.count()) > 0 && (await frame.locator('#turn').textContent())?.startsWith('Your move')) await free.first().click();
      await frame.locator('body').page().waitForTimeout(150);
    }
  },
  async '/fraction-frenzy'(frame) {
    const answer = async () => Number(await frame.locator('#game').getAttribute('data-answer'));
    await frame.locator('.option').nth(await answer()).click();
    for (let k = 0; k < 3; k += 1) {
      await expect(frame.locator('.option.right')).toHaveCount(0, { timeout: 5_000 });
      await frame.locator('.option').nth(((await answer()) + 1) % 4).click();
    }
  },
  async '/home-row-hero'(frame, page) {
    await focusByClick(frame.locator('#score'));
    for (let k = 0; k < 80 && (await frameState(frame)) !== 'over'; k += 1) {
      await page.keyboard.type((await frame.locator('#game').getAttribute('data-next'))!);
    }
  },
  async '/hex-conquest'(frame) {
    // Each turn is the two clicks of a move chosen from the board the game shows: trying piece after piece
    // for one with a free hexagon took dozens of clicks a turn late in a game, past two minutes under load.
    for (let k = 0; k < 80 && (await frameState(frame)) !== 'over'; k += 1) {
      await expect(frame.locator('#turn')).not.toHaveText('The computer is thinking…');
      if ((await frameState(frame)) === 'over') break;
      const move = chooseMove((await frame.locator('#game').getAttribute('data-board'))!, 'P', 'hard');
      if (move === null) break;
      await frame.locator(`.hex[data-i="${move.from}"]`).click();
      await frame.locator(`.hex[data-i="${move.to}"]`).click();
    }
  },
  async '/sudoku'(frame, page) {
    const solution = (await frame.locator('#game').getAttribute('data-solution'))!;
    const values = (await frame.locator('#game').getAttribute('data-values'))!;
    for (let i = 0; i < 81; i += 1) {
      if (values[i] !== '-') continue;
      await frame.locator('.cell').nth(i).click();
      await page.keyboard.press(`Digit${solution[i]}`);
    }
  },
  async '/chess'(frame) {
    await frame.locator('[data-square="e2"]').click();
    await frame.locator('[data-square="e4"]').click();
    await expect(frame.locator('#status')).toHaveText(/Your move/, { timeout: 15_000 });
    await frame.locator('#resign').click();
  },
  async '/times-table-dash'(frame, page) {
    await focusByClick(frame.locator('#question'));
    await page.keyboard.press('Enter');
    for (let k = 0; k < 3; k += 1) {
      const [a, b] = (await frame.locator('#game').getAttribute('data-question'))!.split('x').map(Number);
      await page.keyboard.type(String(a! * b!));
      await page.keyboard.press('Enter');
    }
    await playOutRound(frame, page);
  },
  async '/keyboard-sprint'(frame, page) {
    await focusByClick(frame.locator('#entry'));
    await expect(frame.locator('#entry')).toBeFocused();
    await page.keyboard.type((await frame.locator('#game').getAttribute('data-next'))!);
    // The first key starts the sprint's clock: a key that went anywhere else fails here, not a minute later.
    await expect.poll(() => frameState(frame)).toBe('playing');
    for (let k = 0; k < 11; k += 1) await page.keyboard.type((await frame.locator('#game').getAttribute('data-next'))!);
    await playOutRound(frame, page);
  },
};

const TIMED = ['/times-table-dash', '/keyboard-sprint'];

// A test per game: played one after another in one test, the eight games shared one time budget, and on
// a loaded machine the last of them ran out of it (sudoku's 50 key presses after six other games). A
// whole game of Hex Conquest against the computer took 48 s on a quiet machine: each gets four minutes.
test.describe('the new games offline', () => {
  test.describe.configure({ timeout: 240_000 });

  for (const [slug, play] of Object.entries(PLAY)) {
    test(`${slug} opens with no network and reports a score to the form`, async ({ page, link }) => {
      await installServiceWorker(page);
      await page.goto('/');
      await expect(page.getByTestId('app-card').filter({ hasText: 'Sudoku' })).toBeVisible();
      await link.goOffline();
      // The timed games are played on a fake clock, so a minute's round takes a moment.
      if (TIMED.includes(slug)) await page.clock.install();
      const frame = await openClassGame(page, slug);
      await play(frame, page);
      await expect.poll(() => frameState(frame), { timeout: 30_000 }).toBe('over');
      const score = Number(await frame.locator('#score').textContent());
      await expect(page.getByTestId('score-offer')).toContainText(`Game over: you scored ${score.toLocaleString('en-US')}.`);
      // A visitor's score goes no further than this: the panel asks them to sign in instead of showing fields.
      await expect(page.getByTestId('score-offer')).toContainText('Sign in to put it on the board.');
      await expect(page.getByTestId('score-sign-in')).toBeVisible();
    });
  }
});

test('a game not kept on this device says so in its frame when there is no network', async ({ page, link }) => {
  await installServiceWorker(page);
  // As if the precache had lost this one game (storage pressure, a half-finished update).
  await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) if (new URL(request.url).pathname === '/games/snake/index.html') await cache.delete(request);
    }
  });
  await link.goOffline();
  await page.goto('/class/snake');
  await expect(page.frameLocator('[data-testid="game-frame"]').getByRole('alert')).toHaveText(
    'This game is not on this device yet. Connect to the internet once to keep it for offline play.',
  );
});
