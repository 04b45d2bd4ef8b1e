// Classmates in the browser (issue 28): two students become friends by username and by an invite link,
// see each other online only once they share it, block, and the page says what it cannot do offline.
import { expect, test, type Page } from '@playwright/test';
import { seat } from './support/match.ts';

async function openFriends(page: Page): Promise<void> {
  await page.goto('/friends');
  await expect(page.getByRole('heading', { name: /^Friends \(\d+\)$/ })).toBeVisible();
}

const person = (page: Page, relation: string, username: string) =>
  page.locator(`[data-testid="classmate"][data-relation="${relation}"]`).filter({ has: page.getByRole('link', { name: username, exact: true }) });

test('two classmates become friends by username, see each other online only once shared, and a block ends it', async ({ browser }) => {
  test.setTimeout(90_000);
  const ann = await seat(browser);
  const ben = await seat(browser);
  try {
    await openFriends(ann.page);
    // With nobody yet, the page starts with adding a classmate; once a friend is there, with the games.
    const order = (page: typeof ann.page) => page.locator('main h2').allTextContents();
    expect((await order(ann.page)).slice(0, 2)).toEqual(['Add a classmate', 'Invite links']);
    await ann.page.getByLabel('Their username').fill(`@${ben.username}`);
    await ann.page.getByRole('button', { name: 'Send request' }).click();
    await expect(ann.page.getByText(`Request sent to ${ben.username}.`)).toBeVisible();
    await expect(person(ann.page, 'you asked', ben.username)).toContainText('Has not answered yet');
    // Asking twice is refused with the server's words, beside the field.
    await ann.page.getByLabel('Their username').fill(ben.username);
    await ann.page.getByRole('button', { name: 'Send request' }).click();
    await expect(ann.page.getByRole('alert').filter({ hasText: `You already asked ${ben.username}. They have not answered yet.` })).toBeVisible();

    await openFriends(ben.page);
    await expect(ben.page.getByRole('heading', { name: 'Friend requests (1)' })).toBeVisible();
    await person(ben.page, 'asked you', ann.username).getByRole('button', { name: 'Accept' }).click();
    await expect(ben.page.getByText(`You and ${ann.username} are now friends.`)).toBeVisible();
    await expect(person(ben.page, 'friend', ann.username)).toBeVisible();
    expect((await order(ben.page))[0]).toBe('Games with friends');
    // Ben does not share his presence (the default), so Ann sees no line about it.
    await openFriends(ann.page);
    await expect(person(ann.page, 'friend', ben.username)).toBeVisible();
    await expect(person(ann.page, 'friend', ben.username).getByTestId('presence')).toHaveCount(0);

    // Ben turns sharing on and opens a game: Ann sees it, by the game's title.
    await ben.page.getByLabel('Let my friends see when I am online and what I am playing').check();
    await expect(ben.page.getByText('Your friends can now see when you are online.')).toBeVisible();
    await openFriends(ann.page);
    await expect(person(ann.page, 'friend', ben.username).getByTestId('presence')).toHaveText('Online now');
    await ben.page.goto('/class/2048');
    await expect(ben.page.getByTestId('player')).toBeVisible();
    await expect
      .poll(async () => {
        await openFriends(ann.page);
        return person(ann.page, 'friend', ben.username).getByTestId('presence').textContent();
      }, { timeout: 20_000 })
      .toBe('Playing 2048');

    // Ann blocks Ben after confirming; Ben's list no longer has her, and he cannot ask her again.
    await person(ann.page, 'friend', ben.username).getByRole('button', { name: `Block ${ben.username}` }).click();
    const dialog = ann.page.getByRole('dialog', { name: `Block ${ben.username}?` });
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(ann.page.getByText(`${ben.username} is blocked.`)).toBeVisible();
    await expect(person(ann.page, 'blocked', ben.username)).toBeVisible();
    await openFriends(ben.page);
    await expect(person(ben.page, 'friend', ann.username)).toHaveCount(0);
    await ben.page.getByLabel('Their username').fill(ann.username);
    await ben.page.getByRole('button', { name: 'Send request' }).click();
    await expect(ben.page.getByRole('alert').filter({ hasText: `You cannot ask ${ann.username} to be friends.` })).toBeVisible();
  } finally {
    await ann.context.close();
    await ben.context.close();
  }
});

test('an invite link makes friends once, shows as a QR code, and works after signing in', async ({ browser }) => {
  test.setTimeout(90_000);
  const ann = await seat(browser);
  const cat = await seat(browser);
  const visitor = await browser.newContext();
  try {
    await openFriends(ann.page);
    await ann.page.getByRole('button', { name: 'Link for one classmate' }).click();
    const invite = ann.page.getByTestId('friend-invite');
    await expect(invite).toContainText('For one classmate · expires in 7 days');
    const link = await invite.getByLabel('Invite link').inputValue();
    expect(link).toMatch(/\/friends\?invite=[A-Za-z0-9_-]{16}$/);
    await invite.getByRole('button', { name: 'QR code' }).click();
    await expect(invite.getByRole('img', { name: 'QR code of the invite link' })).toBeVisible();
    // After a reload the open invite is still listed, so it can be shared or cancelled.
    await openFriends(ann.page);
    await expect(ann.page.getByTestId('friend-invite').getByLabel('Invite link')).toHaveValue(link);

    // Signed out, the link asks to sign in and comes back to the invite.
    const stranger = await visitor.newPage();
    await stranger.goto(link);
    await expect(stranger.getByTestId('invite-offer').getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute(
      'href',
      `/auth?next=${encodeURIComponent(new URL(link).pathname + new URL(link).search)}`,
    );

    await cat.page.goto(link);
    await cat.page.getByRole('button', { name: 'Accept the invite' }).click();
    await expect(cat.page.getByText(`You and ${ann.username} are now friends.`)).toBeVisible();
    await expect(cat.page).toHaveURL(/\/friends$/);
    await expect(person(cat.page, 'friend', ann.username)).toBeVisible();
    await openFriends(ann.page);
    await expect(person(ann.page, 'friend', cat.username)).toBeVisible();
    await expect(ann.page.getByTestId('friend-invite')).toHaveCount(0);

    // A link with a code that cannot be one is refused before asking anybody.
    await cat.page.goto('/friends?invite=not-a-code');
    await expect(cat.page.getByRole('alert').filter({ hasText: 'This invite link does not work.' })).toBeVisible();
    await expect(cat.page.getByTestId('invite-offer')).toHaveCount(0);
  } finally {
    await ann.context.close();
    await cat.context.close();
    await visitor.close();
  }
});

test('offline, the friends page says it needs a connection and changes nothing', async ({ browser }) => {
  const ann = await seat(browser);
  try {
    await openFriends(ann.page);
    await ann.context.setOffline(true);
    await ann.page.getByLabel('Their username').fill('someone_else');
    await ann.page.getByRole('button', { name: 'Send request' }).click();
    await expect(ann.page.getByRole('alert').filter({ hasText: 'You are offline. Friends and invites need a connection' })).toBeVisible();
    await ann.page.getByRole('button', { name: 'Link for my class' }).click();
    await expect(ann.page.getByTestId('friend-invite')).toHaveCount(0);
    await ann.context.setOffline(false);
    await openFriends(ann.page);
    await expect(ann.page.getByTestId('classmate')).toHaveCount(0);
    await expect(ann.page.getByTestId('friend-invite')).toHaveCount(0);
  } finally {
    await ann.context.close();
  }
});
