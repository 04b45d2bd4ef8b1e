// A game by a shared link (issue 28): one student makes a link on the friends page, a classmate who is
// not their friend opens it signed in and takes the seat, and both land in the same game: the maker's
// page goes there by itself, told live that the seat was taken. Signed out, the link asks to sign in
// and comes back to it.
import { expect, test } from '@playwright/test';
import { seat } from './support/match.ts';
import { onboardedStudent } from './support/student.ts';

test('a classmate opens a game link and both land in the game', async ({ browser }) => {
  test.setTimeout(120_000);
  const ann = await seat(browser);
  const ben = await seat(browser);
  const visitor = await browser.newContext();
  try {
    await ann.page.goto('/friends');
    await ann.page.getByRole('button', { name: 'Play by link' }).click();
    const dialog = ann.page.getByRole('dialog', { name: 'Play a classmate by link' });
    await dialog.getByRole('button', { name: 'Make the link' }).click();
    const shared = ann.page.getByRole('dialog', { name: 'Share this link' });
    await expect(shared.getByTestId('invite-qr').locator('img')).toBeVisible();
    await expect(shared.getByTestId('match-link-line')).toContainText('Tic Tac Toe · Live: 2 minutes a move · waiting for a classmate to open it');
    const link = new URL(await shared.getByRole('textbox', { name: 'Game link' }).inputValue());
    expect(link.pathname).toMatch(/^\/play\/join\/[A-Za-z0-9_-]{16}$/);

    // Signed out, the link asks to sign in and names the way back.
    const outside = await visitor.newPage();
    await outside.goto(link.pathname);
    await expect(outside.getByRole('link', { name: 'Sign in to play' })).toHaveAttribute('href', `/auth?next=${encodeURIComponent(link.pathname)}`);

    await ben.page.goto(link.pathname);
    await ben.page.getByRole('button', { name: 'Play' }).click();
    await expect(ben.page).toHaveURL(/\/play\/\d+$/);
    const gameUrl = new URL(ben.page.url()).pathname;
    await expect(ben.page.getByTestId('match-turn')).toContainText(`Waiting for ${ann.username}`);
    // Ann's dialog heard the seat taken and opened the game.
    await expect(ann.page).toHaveURL(new RegExp(`${gameUrl}$`), { timeout: 10_000 });
    await expect(ann.page.getByTestId('match-turn')).toContainText('Your move', { timeout: 10_000 });

    // Opened again by someone else, the link is used.
    await outside.goto('/');
    const cat = await onboardedStudent(outside);
    expect(cat.userId).not.toBe(ben.student.userId);
    await outside.goto(link.pathname);
    await outside.getByRole('button', { name: 'Play' }).click();
    await expect(outside.getByTestId('match-link-refusal')).toHaveText('This game link has been used: a classmate took the seat. Ask for a new one.');
  } finally {
    await ann.context.close();
    await ben.context.close();
    await visitor.close();
  }
});

test("a two-player game's page leads to playing it with a classmate, that game chosen", async ({ page }) => {
  await onboardedStudent(page);
  await page.goto('/class/chess');
  await page.getByTestId('play-a-friend').click();
  await expect(page).toHaveURL(/\/friends\?play=chess$/);
  await expect(page.getByTestId('play-suggested')).toHaveText('Play Chess with a classmate: press Play beside a friend, or Play by link for anyone in your class.');
  await page.getByRole('button', { name: 'Play by link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Play a classmate by link' });
  await dialog.getByRole('button', { name: 'Make the link' }).click();
  await expect(page.getByRole('dialog', { name: 'Share this link' }).getByTestId('match-link-line')).toContainText('Chess · Live: 2 minutes a move');
  // A game for one has no such button.
  await page.goto('/class/snake');
  await expect(page.getByTestId('app-description')).toBeVisible();
  await expect(page.getByTestId('play-a-friend')).toHaveCount(0);
});
