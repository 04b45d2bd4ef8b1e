// The backend killed in the middle of the outbox's request and started again on the same data folder.
// The app's backend address is fixed at build time, so the test runs a backend of its own in a separate
// process and forwards every request the app makes to it: killing that process (SIGKILL, no clean
// shutdown) is the server vanishing mid-request, with the transaction committed or not.
import { join } from 'node:path';
import { expect, test as base, type Route } from '@playwright/test';
import { serviceSelect, studentRpc } from '../support/backend.ts';
import { BackendLink } from '../support/backendLink.ts';
import { frameState, keepGameMessages, openClassGame, reportedRuns, startSnake, unlockFromGame } from '../support/bundledGames.ts';
import { appliedClientIds, serverLedger, sum, type LedgerEntry } from '../support/ledger.ts';
import { outboxRows } from '../support/outbox.ts';
import { OwnBackend } from '../support/ownBackend.ts';
import { seededRandom } from '../support/seededRandom.ts';
import { claimStreak, playGame, QUIET_GAMES, readyStudent } from '../support/student.ts';

const SEED = Number(process.env.FAULT_SEED ?? 20261121);
const KILLS = 6;
const STREAK_CLAIM: LedgerEntry = { amt: 100, why: 'streak claim' };
const PLAY: LedgerEntry = { amt: 2, why: 'app played (streak bonus x2)' };

interface KilledCall {
  ids: string[];
  /**
   * Settles once the process is gone and the forwarded request has failed or been answered, with
   * whether the backend had answered before it was killed (then only the answer was lost).
   */
  over: Promise<boolean>;
}

// Stopped after the test even when it fails or times out, so no process outlives the run.
const test = base.extend<{ backend: OwnBackend }>({
  backend: [
    async ({}, use) => {
      const backend = new OwnBackend(Number(process.env.E2E_BACKEND_PORT ?? '54329') + 1, join(process.env.E2E_DATA_DIR!, 'killed-backend'));
      await backend.start();
      await use(backend);
      await backend.stop();
    },
    // Starting a backend on a fresh folder migrates it: longer than a test's first 30 s on a busy machine.
    { timeout: 120_000 },
  ],
});

function opsOf(route: Route): { id: string; kind: string }[] {
  return (route.request().postDataJSON() as { p_ops: { id: string; kind: string }[] }).p_ops;
}

/**
 * Holds every apply_mutations call of the page. Once armed, the next batch `chosen` picks is forwarded and
 * the backend killed `delayMs` after it left (0: as it leaves), whatever it had done by then; the page only
 * sees its connection reset. While the test looks at what the killed backend kept, every call is reset too.
 */
function killBatches(
  link: BackendLink,
  backend: OwnBackend,
  options: { chosen?: (ops: { id: string; kind: string }[]) => boolean; onBatch?: (ids: string[]) => void } = {},
) {
  let killAfterMs: number | null = null;
  let killed: KilledCall | null = null;
  let restarting = false;
  link.interceptApply(async (route) => {
    const ops = opsOf(route);
    const ids = ops.map((op) => op.id);
    options.onBatch?.(ids);
    if (restarting) return route.abort('connectionreset').catch(() => undefined);
    if (killAfterMs === null || (options.chosen !== undefined && !options.chosen(ops))) {
      try {
        return await link.answer(route, await link.send(route));
      } catch {
        return route.abort('connectionreset').catch(() => undefined);
      }
    }
    const delay = killAfterMs;
    killAfterMs = null;
    restarting = true;
    let answered = false;
    const reached = link.send(route).then(
      () => {
        answered = true;
      },
      () => undefined,
    );
    const over = (async () => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      const answeredFirst = answered;
      await backend.kill();
      await reached;
      return answeredFirst;
    })();
    killed = { ids, over };
    await over;
    return route.abort('connectionreset').catch(() => undefined);
  });
  return {
    arm: (delayMs: number) => {
      killAfterMs = delayMs;
    },
    /** The batch killed since the backend was last back up, once there is one. */
    killed: () => killed,
    /** The backend is up again: calls go through until the next arming. */
    backUp: () => {
      killed = null;
      restarting = false;
    },
  };
}

test(`the backend killed mid-request ${KILLS} times and restarted: the drain finishes, nothing lost or doubled (seed ${SEED})`, async ({
  page,
  context,
  backend,
}) => {
  test.setTimeout(420_000);
  const random = seededRandom(SEED);
  const link = new BackendLink(context, backend.url);
  await link.attach();
  const student = await readyStudent(page, { base: backend.url });

  const sent = new Set<string>();
  const killer = killBatches(link, backend, {
    onBatch: (ids) => {
      for (const id of ids) sent.add(id);
    },
  });

  const expected: LedgerEntry[] = [];
  const outcomes = { answeredBeforeDeath: 0, committedNotAnswered: 0, diedUncommitted: 0 };
  let games = 0;
  for (let kill = 1; kill <= KILLS; kill += 1) {
    // The first kill comes as the request leaves, so however fast the machine, at least one lands before
    // the backend could answer; the others at random points of a request's usual life.
    killer.arm(kill === 1 ? 0 : random.int(0, 40));
    if (kill === 1) {
      await claimStreak(page);
      expected.push(STREAK_CLAIM);
    } else {
      await playGame(page, QUIET_GAMES[games++ % QUIET_GAMES.length]!);
      expected.push(PLAY);
    }
    await expect.poll(() => killer.killed(), { timeout: 20_000 }).not.toBeNull();
    // The student plays on while the server is down.
    await playGame(page, QUIET_GAMES[games++ % QUIET_GAMES.length]!);
    expected.push(PLAY);

    const call = killer.killed();
    if (call === null) throw new Error('no request was killed');
    const answeredFirst = await call.over;
    await backend.start();
    const applied = new Set(await appliedClientIds(student, backend.url));
    const batch = call.ids;
    if (batch.every((id) => applied.has(id))) {
      if (answeredFirst) outcomes.answeredBeforeDeath += 1;
      else outcomes.committedNotAnswered += 1;
    } else if (batch.every((id) => !applied.has(id))) {
      expect(answeredFirst, 'an answered batch is on the server').toBe(false);
      outcomes.diedUncommitted += 1;
    } else {
      throw new Error(`a batch was half applied: ${JSON.stringify({ batch, applied: [...applied] })}`);
    }
    killer.backUp();
    await expect.poll(() => outboxRows(page), { timeout: 60_000 }).toEqual([]);
  }

  console.log(
    `backend killed ${KILLS} times (seed ${SEED}): before its answer to the batch ${outcomes.committedNotAnswered + outcomes.diedUncommitted} times ` +
      `(batch committed ${outcomes.committedNotAnswered}, died with the process ${outcomes.diedUncommitted}), ` +
      `after answering ${outcomes.answeredBeforeDeath} times; ${expected.length} actions`,
  );
  // The faults were the ones asked for: the process died while it still owed the page its answer.
  expect(outcomes.committedNotAnswered + outcomes.diedUncommitted).toBeGreaterThan(0);
  expect(await serverLedger(student, backend.url)).toEqual(expected);
  expect((await appliedClientIds(student, backend.url)).sort()).toEqual([...sent].sort());
  expect(sent.size).toBe(expected.length);
  expect(await studentRpc<number>(student, 'get_coin_amt', { p_user_id: student.userId }, backend.url)).toBe(sum(expected));
});

// Issue 29: an unlock is an outbox row like a purchase, and a reward like a streak claim. Two of Snake's
// achievements, each unlocked while the backend dies with its batch in hand (as the request leaves, then at
// a random point of its life): once it is back, each is held once and paid once.
test(`the backend killed with an achievement unlock in hand, twice: each held once and paid once (seed ${SEED})`, async ({ page, context, backend }) => {
  test.setTimeout(420_000);
  const random = seededRandom(SEED);
  await keepGameMessages(page);
  const link = new BackendLink(context, backend.url);
  await link.attach();
  const student = await readyStudent(page, { base: backend.url });
  const killer = killBatches(link, backend, { chosen: (ops) => ops.some((op) => op.kind === 'unlock_achievement') });

  const unlocks = [
    { id: 'first-apple', title: 'First Bite' },
    { id: 'speed-demon', title: 'Speed Demon' },
  ];
  let diedOwingAnswer = 0;
  for (const [index, achievement] of unlocks.entries()) {
    const frame = await openClassGame(page, '/snake');
    await startSnake(frame);
    await expect.poll(() => frameState(frame), { timeout: 10_000 }).toBe('over');
    const run = (await reportedRuns(page)).at(-1);
    if (run === undefined) throw new Error('Snake reported no run');
    killer.arm(index === 0 ? 0 : random.int(0, 40));
    // Sent from the game's frame as the SDK sends it (where the first apple lies is chance).
    await unlockFromGame(page, run, achievement.id);
    await expect(page.getByText(`Achievement unlocked: ${achievement.title}`)).toBeVisible();

    await expect.poll(() => killer.killed(), { timeout: 30_000 }).not.toBeNull();
    const call = killer.killed();
    if (call === null) throw new Error('no request was killed');
    if (!(await call.over)) diedOwingAnswer += 1;
    await backend.start();
    const applied = new Set(await appliedClientIds(student, backend.url));
    const batch = call.ids;
    expect(batch.every((id) => applied.has(id)) || batch.every((id) => !applied.has(id)), 'a batch is applied whole or not at all').toBe(true);
    killer.backUp();
    await expect.poll(() => outboxRows(page), { timeout: 60_000 }).toEqual([]);
  }

  expect(diedOwingAnswer).toBeGreaterThan(0);
  const held = await serviceSelect<{ achievement_id: number; reward: number }>(
    'achievement_unlocks', `user_id=eq.${student.userId}&select=achievement_id,reward&order=id.asc`, backend.url,
  );
  const declared = await serviceSelect<{ id: number; code: string; title: string }>(
    'achievements', `app_id=eq.snake&select=id,code,title`, backend.url,
  );
  const named = held.map((row) => ({ ...row, ...declared.find((a) => a.id === row.achievement_id)! }));
  expect(named.map((row) => row.code)).toEqual(unlocks.map((a) => a.id));
  const paid = (await serverLedger(student, backend.url)).filter((entry) => entry.why.startsWith('Achievement: '));
  expect(paid).toEqual(named.map((row) => ({ amt: row.reward, why: `Achievement: ${row.title}` })));
  expect(paid.every((entry) => entry.amt > 0)).toBe(true);
});
