// A two-player game's moves through the faults a classroom has (issue 28): a tab closed with a move still
// on the device, the backend killed with a move in flight or waiting, and the connection cut while a move
// is sent. Ann plays Tic Tac Toe in the browser, Ben answers through the match-move function as his own
// device would; after every fault the server holds exactly the moves made, none lost, none twice.
import { join } from 'node:path';
import { expect, test as base, type Page, type Route } from '@playwright/test';
import { BackendLink, test as linked } from '../support/backendLink.ts';
import { apiPlayer, gameFrame, seatOn, sendMove, serverMoves, startedMatch, type Player, type Seat } from '../support/match.ts';
import { outboxRows } from '../support/outbox.ts';
import { OwnBackend } from '../support/ownBackend.ts';

const board = (page: Page) => gameFrame(page).locator('#game');
const cell = (page: Page, i: number) => gameFrame(page).locator(`.cell[data-i="${i}"]`);

/** The outbox id a match-move request carries. */
function mutationOf(route: Route): string {
  return (route.request().postDataJSON() as { mutationId: string }).mutationId;
}

/** The match page with its game loaded: the frame's files are not kept for offline use by this test's page. */
async function openGame(page: Page, matchId: number, shown: string): Promise<void> {
  await page.goto(`/play/${matchId}`);
  await expect(board(page)).toHaveAttribute('data-board', shown, { timeout: 15_000 });
}

/** Ben answers once the server has Ann's moves so far, and Ann's board shows his answer. */
async function benAnswers(ann: Seat, ben: Player, matchId: number, made: string[], move: string, shown: string, url?: string): Promise<void> {
  await expect.poll(() => serverMoves(ben.student, matchId, url), { timeout: 60_000 }).toEqual(made);
  await sendMove(ben.student, matchId, made.length, move, url);
  made.push(move);
  // A game over days with its live topic out of reach (the backend-killed test) is read every 15 s
  // (state/match.ts SLOW_REFRESH_MS): the wait holds two of those reads, one just missed.
  await expect(board(ann.page)).toHaveAttribute('data-board', shown, { timeout: 40_000 });
  await expect(ann.page.getByTestId('match-turn')).toContainText('Your move');
  // A move sent again is answered as the first time, never refused as a replay.
  await expect(ann.page.getByTestId('move-refused')).toHaveCount(0);
}

linked('a move queued offline and its tab closed, then one closed mid-send: each reopened tab sends the move once', async ({ page, context, link }) => {
  linked.setTimeout(180_000);
  const ann = await seatOn(page);
  const ben = await apiPlayer();
  const matchId = await startedMatch(ann, ben, 'tic-tac-toe');
  const made: string[] = [];
  await openGame(page, matchId, '---------');
  await expect(page.getByTestId('match-turn')).toContainText('Your move');

  // Offline: the move is on the board and in the outbox, not on the server, when the tab goes.
  await link.goOffline();
  await cell(page, 4).click();
  made.push('4');
  await expect(board(page)).toHaveAttribute('data-board', '----X----');
  await expect.poll(async () => (await outboxRows(page)).map((row) => row.kind)).toEqual(['make_match_move']);
  await page.close();
  expect(await serverMoves(ben.student, matchId)).toEqual([]);

  await link.goOnline();
  ann.page = await context.newPage();
  await ann.page.goto(`/play/${matchId}`);
  await expect.poll(() => serverMoves(ben.student, matchId), { timeout: 60_000 }).toEqual(made);
  await expect.poll(() => outboxRows(ann.page), { timeout: 30_000 }).toEqual([]);
  await expect(board(ann.page)).toHaveAttribute('data-board', '----X----');

  await benAnswers(ann, ben, matchId, made, '0', 'O---X----');

  // The server takes the move, and the tab closes before its answer arrives.
  let stored = false;
  link.interceptFunction('match-move', async (route) => {
    await link.send(route);
    stored = true;
    await link.whenCut();
    await link.drop(route);
  });
  await cell(ann.page, 2).click();
  made.push('2');
  await expect.poll(() => stored, { timeout: 20_000 }).toBe(true);
  await ann.page.close();
  await link.goOffline();
  link.interceptFunction('match-move', null);
  await link.goOnline();
  ann.page = await context.newPage();
  await ann.page.goto(`/play/${matchId}`);
  await expect.poll(() => outboxRows(ann.page), { timeout: 60_000 }).toEqual([]);
  expect(await serverMoves(ben.student, matchId)).toEqual(made);

  await benAnswers(ann, ben, matchId, made, '1', 'OOX-X----');
  await cell(ann.page, 6).click();
  made.push('6');
  await expect(ann.page.getByTestId('match-result')).toContainText('You won: three in a row!', { timeout: 15_000 });
  await expect(ann.page.getByTestId('move-refused')).toHaveCount(0);
  expect(await serverMoves(ben.student, matchId)).toEqual(made);
});

linked('the connection cut while a move is sent, before and after the server has it: each is retried and stored once', async ({ page, link }) => {
  linked.setTimeout(120_000);
  const ann = await seatOn(page);
  const ben = await apiPlayer();
  const matchId = await startedMatch(ann, ben, 'tic-tac-toe');
  const made: string[] = [];
  await openGame(page, matchId, '---------');
  await expect(page.getByTestId('match-turn')).toContainText('Your move');

  const sends = new Map<string, number>();
  let fault: 'request lost' | 'answer lost' | null = null;
  link.interceptFunction('match-move', async (route) => {
    const id = mutationOf(route);
    sends.set(id, (sends.get(id) ?? 0) + 1);
    const now = fault;
    fault = null;
    if (now === 'request lost') return link.drop(route);
    try {
      const answer = await link.send(route);
      if (now === 'answer lost') return link.drop(route);
      return link.answer(route, answer);
    } catch {
      return link.drop(route);
    }
  });

  fault = 'request lost';
  await cell(page, 4).click();
  made.push('4');
  await expect(board(page)).toHaveAttribute('data-board', '----X----');
  await benAnswers(ann, ben, matchId, made, '0', 'O---X----');

  fault = 'answer lost';
  await cell(page, 2).click();
  made.push('2');
  await benAnswers(ann, ben, matchId, made, '1', 'OOX-X----');

  await cell(page, 6).click();
  made.push('6');
  await expect(page.getByTestId('match-result')).toContainText('You won: three in a row!', { timeout: 15_000 });
  await expect(page.getByTestId('move-refused')).toHaveCount(0);
  await expect.poll(() => outboxRows(page), { timeout: 30_000 }).toEqual([]);
  expect(await serverMoves(ben.student, matchId)).toEqual(made);
  // Both faulted moves were sent again (the same outbox id), the clean one once.
  expect([...sends.values()]).toEqual([expect.any(Number), expect.any(Number), 1]);
  expect([...sends.values()].slice(0, 2).every((times) => times >= 2)).toBe(true);
});

// Stopped after the test even when it fails or times out, so no process outlives the run.
const killable = base.extend<{ backend: OwnBackend }>({
  backend: [
    async ({}, use) => {
      const backend = new OwnBackend(Number(process.env.E2E_BACKEND_PORT ?? '54329') + 2, join(process.env.E2E_DATA_DIR!, 'match-killed-backend'));
      await backend.start();
      await use(backend);
      await backend.stop();
    },
    // Starting a backend on a fresh folder migrates it: longer than a test's first 30 s on a busy machine.
    { timeout: 120_000 },
  ],
});

killable('the backend killed with a move in flight, after it stored one, and with one waiting: each lands once', async ({ page, context, backend }) => {
  killable.setTimeout(300_000);
  const link = new BackendLink(context, backend.url);
  await link.attach();
  // The app's Realtime socket would reach the suite's backend, not this one: without it the page reads the
  // game every few seconds, as it does whenever Realtime is out of reach.
  await context.routeWebSocket(/\/realtime\/v1\//, (socket) => socket.close());
  const ann = await seatOn(page, backend.url);
  const ben = await apiPlayer(backend.url);
  // Played over days: a restart on a loaded machine must not run into a live game's two minutes a move.
  const matchId = await startedMatch(ann, ben, 'tic-tac-toe', backend.url, 'correspondence');
  const made: string[] = [];
  await openGame(page, matchId, '---------');
  await expect(page.getByTestId('match-turn')).toContainText('Your move');

  let kill: 'as it leaves' | 'after the answer' | null = null;
  /** Settles once the process is gone, with whether the backend had answered the move before it died. */
  let killed: Promise<boolean> | null = null;
  link.interceptFunction('match-move', async (route) => {
    const now = kill;
    kill = null;
    const sent = link.send(route);
    let answered = false;
    // Its failure is awaited below or not at all (the backend killed under it).
    const reached = sent.then(
      () => {
        answered = true;
      },
      () => undefined,
    );
    if (now === null) {
      try {
        return await link.answer(route, await sent);
      } catch {
        return route.abort('connectionreset').catch(() => undefined);
      }
    }
    killed = (async () => {
      if (now === 'after the answer') await reached;
      const answeredFirst = answered;
      await backend.kill();
      await reached;
      return answeredFirst;
    })();
    await killed;
    return route.abort('connectionreset').catch(() => undefined);
  });

  async function restartAndLand(): Promise<boolean> {
    await expect.poll(() => killed, { timeout: 20_000 }).not.toBeNull();
    const answeredFirst = await killed!;
    killed = null;
    await backend.start();
    await expect.poll(() => serverMoves(ben.student, matchId, backend.url), { timeout: 90_000 }).toEqual(made);
    await expect.poll(() => outboxRows(page), { timeout: 60_000 }).toEqual([]);
    return answeredFirst;
  }

  kill = 'as it leaves';
  await cell(page, 4).click();
  made.push('4');
  await expect(board(page)).toHaveAttribute('data-board', '----X----');
  console.log(`killed as the move left: the backend had ${(await restartAndLand()) ? 'answered' : 'not answered'}`);
  await benAnswers(ann, ben, matchId, made, '0', 'O---X----', backend.url);

  kill = 'after the answer';
  await cell(page, 2).click();
  made.push('2');
  expect(await restartAndLand(), 'the backend answered before it was killed').toBe(true);
  await benAnswers(ann, ben, matchId, made, '1', 'OOX-X----', backend.url);

  // Down before the move is made: it waits on the device through the failed tries.
  await backend.kill();
  await cell(page, 6).click();
  made.push('6');
  await expect(board(page)).toHaveAttribute('data-board', 'OOX-X-X--');
  await expect.poll(async () => (await outboxRows(page)).map((row) => row.kind)).toEqual(['make_match_move']);
  await backend.start();
  await expect.poll(() => serverMoves(ben.student, matchId, backend.url), { timeout: 90_000 }).toEqual(made);
  await expect(page.getByTestId('match-result')).toContainText('You won: three in a row!', { timeout: 60_000 });
  await expect(page.getByTestId('move-refused')).toHaveCount(0);
  await expect.poll(() => outboxRows(page), { timeout: 60_000 }).toEqual([]);
});
