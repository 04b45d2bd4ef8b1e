// Connectivity lost at random points of a drain, a hundred times: the student plays, claims and buys
// offline, comes back online, and the network dies again before, during or after the outbox's call
// reached the server. Afterwards the server's ledger is exactly what the student did, in order.
import { expect, type Route } from '@playwright/test';
import { serviceSelect, studentRpc } from '../support/backend.ts';
import { test } from '../support/backendLink.ts';
import { appliedClientIds, serverLedger, sum, type LedgerEntry } from '../support/ledger.ts';
import { mirroredCoins, outboxRows } from '../support/outbox.ts';
import { seededRandom } from '../support/seededRandom.ts';
import { BUY_ITEM, BUY_PRICE, buyItem, claimStreak, playGame, QUIET_GAMES, queuedSince, readyStudent } from '../support/student.ts';

const SEED = Number(process.env.FAULT_SEED ?? 20261121);
const CYCLES = 100;
/** The cycle whose offline spell also buys an item, so the ledger holds a spend among the gains. */
const BUY_CYCLE = 50;

/**
 * Where the connection dies, as seen from the outbox's apply_mutations call of that cycle:
 * - before-server: the call never reaches the server;
 * - answer-lost: the server applies it, and its answer never reaches the page (a replay must not double);
 * - open: calls get through until the cut, which then lands on whatever the page is doing.
 */
const CUT_POINTS = ['before-server', 'answer-lost', 'open'] as const;
type CutPoint = (typeof CUT_POINTS)[number];

const STREAK_CLAIM: LedgerEntry = { amt: 100, why: 'streak claim' };
// The claim is applied first, so every play after it earns the streak's double.
const PLAY: LedgerEntry = { amt: 2, why: 'app played (streak bonus x2)' };
const PURCHASE: LedgerEntry = { amt: -BUY_PRICE, why: `bought ${BUY_ITEM}` };

test(`${CYCLES} connectivity cuts at random points of a drain lose and double nothing (seed ${SEED})`, async ({ page, link }) => {
  test.setTimeout(360_000);
  const random = seededRandom(SEED);
  const student = await readyStudent(page);

  let point: CutPoint = 'open';
  const seen = { neverSent: 0, appliedAnswerLost: 0, answered: 0, cutBeforeAnyCall: 0 };
  let callsThisCycle = 0;
  link.interceptApply(async (route: Route) => {
    callsThisCycle += 1;
    if (point === 'before-server') {
      await link.whenCut();
      seen.neverSent += 1;
      return link.drop(route);
    }
    const response = await link.send(route);
    if (point === 'answer-lost' || !link.isUp) {
      await link.whenCut();
      seen.appliedAnswerLost += 1;
      return link.drop(route);
    }
    seen.answered += 1;
    return link.answer(route, response);
  });

  expect(await outboxRows(page)).toEqual([]);
  const made = new Set<string>();
  const expected: LedgerEntry[] = [];
  let games = 0;

  await link.goOffline();
  for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
    let actions = 0;
    if (cycle === 1) {
      await claimStreak(page);
      expected.push(STREAK_CLAIM);
      actions += 1;
    }
    if (cycle === BUY_CYCLE) {
      await buyItem(page);
      expected.push(PURCHASE);
      actions += 1;
    }
    const plays = random.int(1, 2);
    for (let play = 0; play < plays; play += 1) {
      await playGame(page, QUIET_GAMES[games % QUIET_GAMES.length]!);
      games += 1;
      expected.push(PLAY);
    }
    actions += plays;
    await queuedSince(page, made, actions);

    point = random.pick(CUT_POINTS);
    const cutAfterMs = random.int(0, 250);
    callsThisCycle = 0;
    await link.goOnline();
    await page.waitForTimeout(cutAfterMs);
    await link.goOffline();
    if (callsThisCycle === 0) seen.cutBeforeAnyCall += 1;
  }

  link.interceptApply(null);
  await link.goOnline();
  await expect.poll(() => outboxRows(page), { timeout: 30_000 }).toEqual([]);

  console.log(
    `connectivity faults, seed ${SEED}: ${CYCLES} cuts over ${expected.length} actions; apply_mutations calls ` +
      `lost before the server ${seen.neverSent}, applied with the answer lost ${seen.appliedAnswerLost}, ` +
      `answered ${seen.answered}; cuts before any call ${seen.cutBeforeAnyCall}`,
  );
  // The run went through each point at which a cut can land.
  expect(seen.neverSent).toBeGreaterThan(0);
  expect(seen.appliedAnswerLost).toBeGreaterThan(0);
  expect(seen.answered).toBeGreaterThan(0);

  // The ledger is what the student did, in the order they did it: nothing lost, nothing doubled.
  expect(await serverLedger(student)).toEqual(expected);
  expect((await appliedClientIds(student)).sort()).toEqual([...made].sort());
  expect(await studentRpc<number>(student, 'get_coin_amt', { p_user_id: student.userId })).toBe(sum(expected));
  expect(await serviceSelect('items_unlocked', `user_id=eq.${student.userId}&select=item`)).toEqual([{ item: BUY_ITEM }]);
  // And the student's own balance, once re-read, says the same.
  await expect.poll(async () => (await mirroredCoins(page, student.userId))?.balance, { timeout: 15_000 }).toBe(sum(expected));
});
