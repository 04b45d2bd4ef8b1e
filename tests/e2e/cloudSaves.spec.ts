// Cloud saves (issue 18) as a student meets them: 2048 played on one device goes on on a second device
// signed in as the same student; a save changed on both while one was offline is shown twice, with
// which device saved each and when, and the student's choice reaches the other device.
import { expect, type Page } from '@playwright/test';
import { serviceSelect, signInExistingStudent } from './support/backend.ts';
import { test } from './support/backendLink.ts';
import { gameFrame, openClassGame } from './support/bundledGames.ts';
import { onboardedStudent } from './support/student.ts';

// A school laptop's screen: the choice must open in view on it.
test.use({ viewport: { width: 1366, height: 768 } });

const cellsOf = (page: Page) => gameFrame(page).locator('#game').getAttribute('data-cells');

const SWIPES: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * Plays 2048 by swiping its board (the pointer reaches the frame whatever holds the keyboard focus, which
 * another window can take under load) until the board changes; returns the board as the game shows it.
 * A random start can make every given move a no-op (two tiles already in the top-left corner for left and
 * up), so the other directions follow: with free cells, one of the four always moves a tile.
 */
async function play(page: Page, moves: (keyof typeof SWIPES)[]): Promise<string> {
  const start = await cellsOf(page);
  const others = Object.keys(SWIPES).filter((move) => !moves.includes(move));
  await expect(async () => {
    const box = await gameFrame(page).locator('#game').boundingBox();
    if (box === null) throw new Error('the board is not on the page');
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    for (const [index, move] of [...moves, ...others].entries()) {
      if (index >= moves.length && (await cellsOf(page)) !== start) break;
      const [dx, dy] = SWIPES[move]!;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx * box.width / 3, y + dy * box.height / 3, { steps: 4 });
      await page.mouse.up();
    }
    expect(await cellsOf(page)).not.toBe(start);
  }).toPass({ timeout: 15_000 });
  // The game saves on every move; the board it shows is the one it saved last.
  return (await cellsOf(page))!;
}

async function serverSave(userId: string): Promise<string> {
  const rows = await serviceSelect<{ state: string }>('game_saves', `user_id=eq.${userId}&app_id=eq.2048&select=state`);
  return rows[0]?.state ?? '';
}

test('2048 started on one device goes on on another, and a save changed on both apart is the student’s to choose', async ({ page, link, browser }) => {
  test.setTimeout(90_000);
  const student = await onboardedStudent(page);
  await openClassGame(page, '/2048');
  const first = await play(page, ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']);
  // A few seconds after the last move, the save is on the server.
  await expect.poll(() => serverSave(student.userId), { timeout: 15_000 }).toContain(`"cells":[${first}]`);

  // The second device: the same student, another browser.
  const laptop = await browser.newContext();
  const second = await laptop.newPage();
  await signInExistingStudent(second, student);
  await openClassGame(second, '/2048');
  await expect.poll(() => cellsOf(second), { timeout: 15_000 }).toBe(first);

  // Apart: the first device offline goes on playing; the second plays online and saves to the server.
  await link.goOffline();
  const offline = await play(page, ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp']);
  const online = await play(second, ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'ArrowRight']);
  expect(online).not.toBe(offline);
  await expect.poll(() => serverSave(student.userId), { timeout: 15_000 }).toContain(`"cells":[${online}]`);

  const scoreOf = async (p: Page) => Number(await gameFrame(p).locator('#score').textContent()).toLocaleString('en-US');
  const [offlineScore, onlineScore] = [await scoreOf(page), await scoreOf(second)];

  // Back online, the first device's save does not overwrite the second's: the student is asked, in a
  // dialog in view on a laptop's screen, with each copy's game and a device name that tells them apart.
  await link.goOnline();
  const dialog = page.getByRole('dialog', { name: 'Two saves of 2048' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const box = (await dialog.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(768);
  const saved = /Saved \d+ \w+ \d{4}, \d\d:\d\d/;
  const mine = dialog.getByTestId('save-copy-mine');
  await expect(mine).toContainText('This device');
  await expect(mine).toContainText(new RegExp(`^This deviceScore ${offlineScore} · \\d+ moves? · best [\\d,]+`));
  await expect(mine).toContainText(saved);
  const theirs = dialog.getByTestId('save-copy-theirs');
  // Both browsers here are the same make: the other one is "another" of it.
  await expect(theirs).toContainText(new RegExp(`^Another Chrome on \\w+Score ${onlineScore} · \\d+ moves? · best [\\d,]+`));
  await expect(theirs).toContainText(saved);
  await expect(dialog.getByTestId('take-other-save')).toHaveText(/^Use the save from another Chrome on \w+$/);
  for (const button of [dialog.getByTestId('keep-this-save'), dialog.getByTestId('take-other-save')]) {
    const at = (await button.boundingBox())!;
    expect(at.y + at.height).toBeLessThanOrEqual(768);
  }
  expect(await serverSave(student.userId)).toContain(`"cells":[${online}]`);
  await expect.poll(() => cellsOf(page)).toBe(offline);

  // The student keeps this device's game: it goes to the server, and the other device goes on from it.
  const choice = page.getByTestId('save-choice');
  await dialog.getByTestId('keep-this-save').click();
  await expect(choice).toHaveCount(0);
  await expect.poll(() => serverSave(student.userId), { timeout: 15_000 }).toContain(`"cells":[${offline}]`);
  await second.reload();
  await expect.poll(() => cellsOf(second), { timeout: 15_000 }).toBe(offline);
  await laptop.close();
});

test('the other device’s save, when chosen, replaces the game on this one', async ({ page, link, browser }) => {
  test.setTimeout(90_000);
  const student = await onboardedStudent(page);
  await openClassGame(page, '/2048');
  const first = await play(page, ['ArrowLeft', 'ArrowUp']);
  await expect.poll(() => serverSave(student.userId), { timeout: 15_000 }).toContain(`"cells":[${first}]`);
  const laptop = await browser.newContext();
  const second = await laptop.newPage();
  await signInExistingStudent(second, student);
  await openClassGame(second, '/2048');
  await expect.poll(() => cellsOf(second), { timeout: 15_000 }).toBe(first);

  await link.goOffline();
  await play(page, ['ArrowDown', 'ArrowRight']);
  const online = await play(second, ['ArrowUp', 'ArrowLeft', 'ArrowDown']);
  await expect.poll(() => serverSave(student.userId), { timeout: 15_000 }).toContain(`"cells":[${online}]`);
  await link.goOnline();

  const choice = page.getByTestId('save-choice');
  await expect(choice).toBeVisible({ timeout: 20_000 });
  // Put aside, the choice waits beside the game's controls.
  await page.keyboard.press('Escape');
  await expect(choice).toHaveCount(0);
  await page.getByTestId('save-choice-open').click();
  await page.getByRole('dialog', { name: 'Two saves of 2048' }).getByTestId('take-other-save').click();
  await expect(choice).toHaveCount(0);
  // The game reloads from the chosen save.
  await expect.poll(() => cellsOf(page), { timeout: 15_000 }).toBe(online);
  await laptop.close();
});

test('a game played signed out is offered to the account at sign-in, and then follows the student', async ({ page }) => {
  await openClassGame(page, '/2048');
  const played = await play(page, ['ArrowLeft', 'ArrowUp', 'ArrowRight']);
  // Signing in on this device: the session is stored, and the portal opens signed in.
  const student = await onboardedStudent(page);
  await page.goto('/');
  const offer = page.getByTestId('attach-saves');
  await expect(offer).toContainText('This device has saves of one game played while nobody was signed in.');
  await offer.getByTestId('attach-saves-yes').click();
  await expect(page.getByText('One game save is now on your account.')).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect.poll(() => serverSave(student.userId), { timeout: 15_000 }).toContain(`"cells":[${played}]`);
  await openClassGame(page, '/2048');
  await expect.poll(() => cellsOf(page)).toBe(played);
});
