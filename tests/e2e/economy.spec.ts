import { expect, test, type Page } from '@playwright/test';
import { isBackendRequest, serviceInsert, serviceSelect, signInNewStudent, type Student } from './support/backend.ts';

/** Credits coins the way an operator would (service role); students can never write the ledger themselves. */
async function grantCoins(student: Student, amt: number): Promise<void> {
  await serviceInsert('coins_transactions', { user_id: student.userId, amt, why: 'test grant' });
}

async function ledger(student: Student): Promise<{ amt: number; why: string }[]> {
  return serviceSelect('coins_transactions', `user_id=eq.${student.userId}&select=amt,why&order=id`);
}

async function items(student: Student): Promise<{ item: string; equipped: boolean }[]> {
  return serviceSelect('items_unlocked', `user_id=eq.${student.userId}&select=item,equipped&order=item`);
}

const balance = (page: Page) => page.getByTestId('coin-amount');

async function styles(page: Page) {
  return page.evaluate(() => ({
    cursor: getComputedStyle(document.documentElement).cursor,
    background: getComputedStyle(document.body).backgroundImage,
    font: getComputedStyle(document.body).fontFamily,
    links: [...document.querySelectorAll('link#cosmetic-font')].map((l) => l.getAttribute('href')),
  }));
}

test('a daily claim pays 100 Dabloons, shows them, and cannot be repeated the same day', async ({ page }) => {
  const student = await signInNewStudent(page);
  await page.goto('/streak');
  await expect(balance(page)).toHaveText('0');
  await page.getByTestId('claim-streak').click();
  await expect(page.getByTestId('claim-result')).toHaveText('+100 Dabloons');
  await expect(page.getByText('Streak claimed! +100 Dabloons')).toBeVisible();
  await expect(page.getByTestId('current-streak')).toHaveText('1');
  await expect(page.getByTestId('claim-streak')).toHaveCount(0);
  await expect(page.getByTestId('next-claim')).toContainText(/23h 59m \d\ds/);
  await expect(page.getByTestId('streak-lost-in')).toContainText(/1d 23h/);
  await expect(balance(page)).toHaveText('100');
  await expect.poll(() => ledger(student)).toEqual([{ amt: 100, why: 'streak claim' }]);
  await expect(page.getByTestId('coin-history').getByTestId('ledger-row').first()).toContainText('streak claim');
  await page.reload();
  await expect(page.getByTestId('current-streak')).toHaveText('1');
  await expect(page.getByTestId('claim-streak')).toHaveCount(0);
});

test('buying and wearing a cursor, a background and a font, kept after a reload', async ({ page }) => {
  const student = await signInNewStudent(page);
  await grantCoins(student, 3000);
  await page.goto('/shop');
  await expect(balance(page)).toHaveText('3,000');

  for (const id of ['sword_cursor', 'cat_background', 'handwritten_font']) {
    await page.getByTestId(`buy-${id}`).click();
    // The font costs 1,200: above the price that asks first (the others are one click).
    if (id === 'handwritten_font') await page.getByTestId('confirm-purchase-buy').click();
    await expect(page.getByText(`Item ${id} unlocked`)).toBeVisible();
    await expect(page.getByTestId(`owned-${id}`)).toBeVisible();
  }
  await expect(balance(page)).toHaveText('200');
  await page.getByTestId('buy-sword_cursor').waitFor({ state: 'detached' });

  await page.getByTestId('tab-owned').click();
  for (const id of ['sword_cursor', 'cat_background', 'handwritten_font']) await page.getByTestId(`equip-${id}`).click();
  await expect.poll(() => styles(page)).toEqual({
    cursor: expect.stringContaining('/cosmetics/cursors/sword_cursor.svg'),
    background: expect.stringContaining('/cosmetics/backgrounds/cat_background.svg'),
    font: expect.stringContaining('Comic Neue'),
    links: ['/cosmetics/fonts/comic-neue/comic-neue.css'],
  });
  await expect.poll(() => items(student)).toEqual([
    { item: 'cat_background', equipped: true },
    { item: 'handwritten_font', equipped: true },
    { item: 'sword_cursor', equipped: true },
  ]);
  expect(await ledger(student)).toEqual([
    { amt: 3000, why: 'test grant' },
    { amt: -800, why: 'bought sword_cursor' },
    { amt: -800, why: 'bought cat_background' },
    { amt: -1200, why: 'bought handwritten_font' },
  ]);

  await page.goto('/leaderboard');
  await page.reload();
  await expect.poll(() => styles(page)).toMatchObject({
    cursor: expect.stringContaining('sword_cursor.svg'),
    background: expect.stringContaining('cat_background.svg'),
    font: expect.stringContaining('Comic Neue'),
  });
  // The bundled font file itself loads, not a fallback.
  await expect
    .poll(() => page.evaluate(() => [...document.fonts].some((face) => face.family.replace(/"/g, '') === 'Comic Neue' && face.status === 'loaded')))
    .toBe(true);

  await page.goto('/shop');
  await page.getByTestId('tab-owned').click();
  await page.getByTestId('unequip-cat_background').click();
  await page.getByTestId('unequip-handwritten_font').click();
  await expect.poll(() => styles(page)).toMatchObject({ background: expect.not.stringContaining('cat_background'), font: expect.not.stringContaining('Comic Neue'), links: [] });
  expect((await styles(page)).cursor).toContain('sword_cursor.svg');
});

test('a purchase made offline is applied once when the connection returns', async ({ page, context }) => {
  const student = await signInNewStudent(page);
  await grantCoins(student, 1000);
  await page.goto('/shop');
  await expect(balance(page)).toHaveText('1,000');

  await context.route(isBackendRequest, (route) => route.abort());
  await context.setOffline(true);
  await page.getByTestId('buy-pink_background').click();
  await expect(page.getByText('Item pink_background unlocked')).toBeVisible();
  await expect(page.getByTestId('owned-pink_background')).toContainText('pending');
  await expect(balance(page)).toHaveText('200');
  await expect(page.getByTestId('coin-balance')).toHaveAttribute('data-pending', 'true');
  await expect(page.getByTestId('coin-history').locator('[data-status="pending"]')).toContainText('bought pink_background');
  expect(await ledger(student)).toEqual([{ amt: 1000, why: 'test grant' }]);

  await context.unroute(isBackendRequest);
  await context.setOffline(false);
  await expect(page.getByTestId('owned-pink_background')).toHaveText('Owned');
  await expect(page.getByTestId('coin-balance')).toHaveAttribute('data-pending', 'false');
  await expect.poll(() => ledger(student)).toEqual([
    { amt: 1000, why: 'test grant' },
    { amt: -800, why: 'bought pink_background' },
  ]);
  await page.reload();
  await expect(balance(page)).toHaveText('200');
  expect(await items(student)).toEqual([{ item: 'pink_background', equipped: false }]);
});

test("a student short of coins is told 'not enough coins' and nothing is bought", async ({ page }) => {
  const student = await signInNewStudent(page);
  await grantCoins(student, 300);
  await page.goto('/shop');
  await expect(balance(page)).toHaveText('300');
  // The card says what is missing, where a touch screen shows it (the button's tooltip it never does).
  await expect(page.getByTestId('need-sword_cursor')).toHaveText('500 more to go');
  await page.getByTestId('buy-sword_cursor').click();
  await expect(page.getByText('not enough coins')).toBeVisible();
  await expect(page.getByTestId('buy-sword_cursor')).toBeVisible();
  await expect(balance(page)).toHaveText('300');
  expect(await items(student)).toEqual([]);
  await expect(page.getByTestId('not-for-sale-dabloons_1000')).toContainText('not for sale');
});

test('the desktop goose walks the page once bought, and stays away once dismissed', async ({ page }) => {
  const student = await signInNewStudent(page);
  await grantCoins(student, 100);
  await page.goto('/shop');
  await expect(balance(page)).toHaveText('100');
  await page.getByTestId('buy-desktop_goose').click();
  await expect(page.getByTestId('desktop-goose')).toBeVisible();
  expect(await page.getByTestId('desktop-goose').evaluate((el) => getComputedStyle(el).animationName)).toBe('goose-walk');
  // Asking for reduced motion stops the walk (and makes the goose a target that holds still).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await page.getByTestId('desktop-goose').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  await page.getByRole('button', { name: 'Honk' }).click();
  await expect(page.getByText('HONK!')).toBeVisible();
  await page.getByTestId('dismiss-goose').click();
  await expect(page.getByTestId('desktop-goose')).toHaveCount(0);
  await page.reload();
  await expect(balance(page)).toHaveText('0');
  await expect(page.getByTestId('desktop-goose')).toHaveCount(0);
  await page.getByTestId('tab-owned').click();
  await page.getByTestId('toggle-goose').click();
  await expect(page.getByTestId('desktop-goose')).toBeVisible();
});

test('a visitor who is not signed in is asked to sign in before claiming', async ({ page }) => {
  await page.goto('/streak');
  await page.getByTestId('claim-streak').click();
  await expect(page.getByText('Hey! You Must Be Logged In To Do That!')).toBeVisible();
  await expect(page.getByTestId('coin-balance')).toHaveCount(0);
});

test('the Hollowed Pass track shows the running season and unlocks a reached tier', async ({ page }) => {
  const student = await signInNewStudent(page);
  await grantCoins(student, 200);
  await page.goto('/pass');
  await expect(page.getByTestId('season-status')).toHaveText('running');
  await expect(page.getByTestId('season-gained')).toHaveText('200');
  await expect(page.getByTestId('tier-track').locator('li')).toHaveCount(5);
  await expect(page.getByTestId('tier-3')).toHaveAttribute('data-state', 'locked');
  await page.getByTestId('claim-tier-1').click();
  await expect(page.getByText('Item s3_star_icon unlocked')).toBeVisible();
  await expect(page.getByTestId('tier-1')).toHaveAttribute('data-state', 'claimed');
  await page.getByTestId('claim-tier-2').click();
  await expect.poll(() => items(student), { timeout: 15_000 }).toEqual([
    { item: 's3_dabloons_100', equipped: false },
    { item: 's3_star_icon', equipped: false },
  ]);
  await expect(balance(page)).toHaveText('300');

  // The pack's 100 Dabloons count towards the season as the server counts them (300 gained): tier 3 is
  // in reach at once. The running season counts what is still to go; an ended one cannot be reached any
  // more and says so.
  await expect(page.getByTestId('season-gained')).toHaveText('300');
  await expect(page.getByTestId('claim-tier-3')).toBeVisible();
  await expect(page.getByTestId('tier-state-4')).toHaveText('300 to go');
  await page.getByTestId('season-2').click();
  await expect(page.getByTestId('season-status')).toHaveText('ended');
  await expect(page.getByTestId('tier-track').locator('li')).toHaveCount(12);
  await expect(page.getByTestId('tier-state-1')).toHaveText('Not reached');
  await expect(page.getByTestId('tier-track')).not.toContainText('to go');
});

test('the pass\'s tier cards line up: in each row the reward, the bar, the price and the state or Claim share their lines', async ({ page }) => {
  const student = await signInNewStudent(page);
  // Tiers 1 and 2 claimable (a Claim button), the rest locked (a line of text): both kinds in one row.
  await grantCoins(student, 200);
  await page.goto('/pass');
  await expect(page.getByTestId('claim-tier-2')).toBeVisible();
  const parts = ['.tier-number', '.tier-reward', '.tier-bar', '.tier-required', ':scope > :last-child'];
  for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await page.getByTestId('tier-track').screenshot({ path: test.info().outputPath(`tier-track-${viewport.width}.png`) });
    const cards = await page.getByTestId('tier-track').locator(':scope > li').evaluateAll((lis, selectors) =>
      lis.map((li) => {
        const card = li.getBoundingClientRect();
        return { top: Math.round(card.top), height: card.height, lines: selectors.map((selector) => {
          const box = li.querySelector(selector)!.getBoundingClientRect();
          return [box.top, box.bottom];
        }) };
      }), parts);
    const rows = new Map<number, typeof cards>();
    for (const card of cards) rows.set(card.top, [...(rows.get(card.top) ?? []), card]);
    expect([...rows.values()].some((row) => row.length > 1), `${viewport.width}: cards side by side`).toBe(true);
    for (const row of rows.values()) {
      for (const card of row) {
        expect(Math.abs(card.height - row[0]!.height), `${viewport.width}: card heights in a row`).toBeLessThan(1);
        card.lines.forEach(([top, bottom], i) => {
          const [firstTop, firstBottom] = row[0]!.lines[i]!;
          expect(Math.abs(top! - firstTop!), `${viewport.width}: top of ${parts[i]}`).toBeLessThan(1);
          expect(Math.abs(bottom! - firstBottom!), `${viewport.width}: bottom of ${parts[i]}`).toBeLessThan(1);
        });
      }
    }
  }
});
