// Tabs: one closed while its drain is in flight and the portal opened again, and two open at once on
// the same outbox. Either way every action lands on the server once.
import { expect, type Page, type Request } from '@playwright/test';
import { expectSignedIn } from '../support/account.ts';
import { test } from '../support/backendLink.ts';
import { appliedClientIds, serverLedger, type LedgerEntry } from '../support/ledger.ts';
import { outboxRows } from '../support/outbox.ts';
import { claimStreak, playGame, QUIET_GAMES, queuedSince, readyStudent } from '../support/student.ts';

const PLAY: LedgerEntry = { amt: 1, why: 'app played' };
const STREAK_CLAIM: LedgerEntry = { amt: 100, why: 'streak claim' };
const PLAY_WITH_STREAK: LedgerEntry = { amt: 2, why: 'app played (streak bonus x2)' };
const CLOSES = 10;

function opIds(request: Request): string[] {
  return (request.postDataJSON() as { p_ops: { id: string }[] }).p_ops.map((op) => op.id);
}

const isApply = (request: Request) => request.method() === 'POST' && request.url().endsWith('/rest/v1/rpc/apply_mutations');

test(`a tab closed mid-drain ${CLOSES} times and opened again: the next tab finishes the drain, nothing lost or doubled`, async ({
  page,
  context,
  link,
}) => {
  test.setTimeout(300_000);
  const student = await readyStudent(page);
  const made = new Set<string>();
  const expected: LedgerEntry[] = [];
  const outcomes = { closedBeforeServer: 0, closedAfterServerApplied: 0 };
  let tab: Page = page;
  let games = 0;

  for (let close = 1; close <= CLOSES; close += 1) {
    await link.goOffline();
    for (let play = 0; play < 2; play += 1) {
      await playGame(tab, QUIET_GAMES[games++ % QUIET_GAMES.length]!);
      expected.push(PLAY);
    }
    await queuedSince(tab, made, 2);

    // Odd rounds close the tab before the call reaches the server, even ones after the server applied it.
    const serverFirst = close % 2 === 0;
    let inFlight = false;
    link.interceptApply(async (route) => {
      if (serverFirst) await link.send(route);
      inFlight = true;
      await link.whenCut();
      await link.drop(route);
    });
    await link.goOnline();
    await expect.poll(() => inFlight, { timeout: 20_000 }).toBe(true);
    await tab.close();
    await link.goOffline();
    if (serverFirst) outcomes.closedAfterServerApplied += 1;
    else outcomes.closedBeforeServer += 1;

    link.interceptApply(null);
    await link.goOnline();
    tab = await context.newPage();
    await tab.goto('/');
    await expectSignedIn(tab);
    await expect.poll(() => outboxRows(tab), { timeout: 30_000 }).toEqual([]);
  }

  console.log(
    `tab closed mid-drain ${CLOSES} times: before the server got the call ${outcomes.closedBeforeServer}, ` +
      `after the server applied it ${outcomes.closedAfterServerApplied}; ${expected.length} actions`,
  );
  expect(await serverLedger(student)).toEqual(expected);
  expect((await appliedClientIds(student)).sort()).toEqual([...made].sort());
});

test('two tabs open at once share one outbox: what both do lands once, and no change is sent twice', async ({ page, context, link }) => {
  test.setTimeout(180_000);
  const student = await readyStudent(page);
  const other = await context.newPage();
  await other.goto('/');
  await expectSignedIn(other);

  // Every apply_mutations call of the context, and which tab made it.
  const sent: string[] = [];
  const sentBy = new Map<Page, number>([
    [page, 0],
    [other, 0],
  ]);
  // The lock holds for a whole drain, answer included: two calls in flight at once would mean two drainers.
  let inFlight = 0;
  let mostInFlight = 0;
  context.on('request', (request) => {
    if (!isApply(request)) return;
    const ids = opIds(request);
    sent.push(...ids);
    const tab = request.frame().page();
    sentBy.set(tab, (sentBy.get(tab) ?? 0) + ids.length);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
  });
  const settled = (request: Request) => {
    if (isApply(request)) inFlight -= 1;
  };
  context.on('requestfinished', settled);
  context.on('requestfailed', settled);
  const made = new Set<string>();
  const expected: LedgerEntry[] = [];

  // Offline, both tabs queue; back online, both hear it and both try to drain.
  await link.goOffline();
  await claimStreak(page);
  expected.push(STREAK_CLAIM);
  await queuedSince(page, made, 1);
  for (const [tab, game] of [
    [other, QUIET_GAMES[0]],
    [page, QUIET_GAMES[1]],
    [other, QUIET_GAMES[2]],
  ] as const) {
    await playGame(tab, game);
    expected.push(PLAY_WITH_STREAK);
    await queuedSince(page, made, 1);
  }
  await expect(other.getByTestId('sync-indicator')).toHaveText('Offline · 4 pending');
  await link.goOnline();
  await expect.poll(() => outboxRows(page), { timeout: 30_000 }).toEqual([]);

  // Online, both tabs play at the same moment, so both wake up to drain.
  for (let round = 0; round < 5; round += 1) {
    await Promise.all([playGame(page, QUIET_GAMES[round % 3]!), playGame(other, QUIET_GAMES[(round + 1) % 3]!)]);
    expected.push(PLAY_WITH_STREAK, PLAY_WITH_STREAK);
  }
  // And the second tab alone, while the first stays open and idle.
  for (let round = 0; round < 3; round += 1) {
    await playGame(other, QUIET_GAMES[round % 3]!);
    expected.push(PLAY_WITH_STREAK);
  }
  // A play is queued just after its page shows, so an empty outbox alone could be seen before the last one.
  await expect.poll(async () => (await serverLedger(student)).length, { timeout: 30_000 }).toBe(expected.length);
  await expect.poll(() => outboxRows(page), { timeout: 30_000 }).toEqual([]);
  await expect(page.getByTestId('sync-indicator')).toHaveCount(0);
  await expect(other.getByTestId('sync-indicator')).toHaveCount(0);

  console.log(
    `two tabs: ${expected.length} actions; apply_mutations carried ${sentBy.get(page)} of them from the first tab, ` +
      `${sentBy.get(other)} from the second; at most ${mostInFlight} call in flight`,
  );
  expect(await serverLedger(student)).toEqual(expected);
  const applied = await appliedClientIds(student);
  for (const id of made) expect(applied).toContain(id);
  // Nothing failed in this test, so each change went out exactly once: the lock let one tab send it.
  expect(mostInFlight).toBe(1);
  expect(sent.sort()).toEqual(applied.sort());
});
