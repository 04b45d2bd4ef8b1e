// Two students and a game between them (issue 28), as the play and fault tests need them: each on a
// browser context of their own, friends already, the invite sent and accepted through the friends page
// or, where the invite is not what a test is about, through the API.
import { randomUUID } from 'node:crypto';
import { expect, type Browser, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import { backendUrl, localKeys, serviceSelect, signUpViaApi, studentRpc, type Student } from './backend.ts';
import { onboard, onboardedStudent } from './student.ts';

/** A student and the name others find them by. */
export interface Player {
  student: Student;
  username: string;
}

/** A player with a browser: their context and page. */
export interface Seat extends Player {
  context: BrowserContext;
  page: Page;
}

async function usernameOf(student: Student, base: string): Promise<string> {
  const [row] = await serviceSelect<{ username: string }>('my_users', `user_id=eq.${student.userId}&select=username`, base);
  return row!.username;
}

/** A new student signed in on `page`; `base` is a backend the test runs itself, the suite's by default. */
export async function seatOn(page: Page, base = backendUrl): Promise<Seat> {
  const student = await onboardedStudent(page, base);
  return { context: page.context(), page, student, username: await usernameOf(student, base) };
}

/** A new student on a browser context of their own. */
export async function seat(browser: Browser, base = backendUrl): Promise<Seat> {
  return seatOn(await (await browser.newContext()).newPage(), base);
}

/** A new student with no browser, whose moves a test sends itself (sendMove). */
export async function apiPlayer(base = backendUrl): Promise<Player> {
  const { student } = await signUpViaApi(undefined, undefined, base);
  await onboard(student, base);
  return { student, username: await usernameOf(student, base) };
}

export async function befriend(a: Player, b: Player, base = backendUrl): Promise<void> {
  await studentRpc(a.student, 'request_friend', { p_username: b.username }, base);
  await studentRpc(b.student, 'answer_friend_request', { p_user_id: a.student.userId, p_accept: true }, base);
}

/**
 * `host` invites `guest` to `game` (its name as the menu shows it) from the friends page, and the guest
 * accepts on theirs; both end on the match page, the host to move first. Returns the match's path.
 */
export async function playByInvite(host: Seat, guest: Seat, game: 'Chess' | 'Tic Tac Toe' | 'Hex Conquest'): Promise<string> {
  await host.page.goto('/friends');
  await host.page.getByRole('button', { name: `Play ${guest.username}` }).click();
  const dialog = host.page.getByRole('dialog', { name: `Play ${guest.username}` });
  if (game !== 'Tic Tac Toe') {
    await dialog.getByRole('button', { name: /^Game: / }).click();
    await dialog.getByRole('menuitemradio', { name: game }).click();
    await expect(dialog.getByRole('button', { name: /^Game: / })).toHaveText(new RegExp(game));
  }
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(host.page).toHaveURL(/\/play\/\d+$/);
  const path = new URL(host.page.url()).pathname;
  await expect(host.page.getByText(`Waiting for ${guest.username} to accept your invite.`)).toBeVisible();

  await guest.page.goto('/friends');
  const invite = guest.page.getByTestId('match').filter({ hasText: `${host.username} invites you to play` });
  await invite.getByRole('button', { name: 'Accept' }).click();
  await expect(guest.page.getByText(`Game on: you play ${host.username}.`)).toBeVisible();
  await guest.page.goto(path);
  await expect(guest.page.getByTestId('match-turn')).toContainText(`Waiting for ${host.username}`);
  await expect(host.page.getByTestId('match-turn')).toContainText('Your move', { timeout: 10_000 });
  return path;
}

/** A game of `game` (its id) between friends, made through the API: the host moves first. */
export async function startedMatch(host: Player, guest: Player, game: string, base = backendUrl, pace: 'live' | 'correspondence' = 'live'): Promise<number> {
  await befriend(host, guest, base);
  const matchId = await studentRpc<number>(host.student, 'invite_to_match', { p_user_id: guest.student.userId, p_game: game, p_pace: pace }, base);
  await studentRpc(guest.student, 'answer_match_invite', { p_match_id: matchId, p_accept: true }, base);
  return matchId;
}

export function matchIdOf(path: string): number {
  return Number(path.split('/').pop());
}

/** The game's frame on the match page. */
export function gameFrame(page: Page): FrameLocator {
  return page.frameLocator('[data-testid="game-frame"]');
}

/** The moves the server holds for a match, in order, as one of its players reads them. */
export async function serverMoves(player: Student, matchId: number, base = backendUrl): Promise<string[]> {
  const game = await studentRpc<{ moves: { ply: number; move: string }[] }>(player, 'get_match', { p_match_id: matchId, p_from_ply: 0 }, base);
  return game.moves.map((move) => move.move);
}

/** A move sent to the match-move function as a device's outbox sends it, for the player a test does not click for. */
export async function sendMove(player: Student, matchId: number, ply: number, move: string, base = backendUrl): Promise<void> {
  const { anonKey } = await localKeys();
  const response = await fetch(`${base}/functions/v1/match-move`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${player.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ matchId, ply, move, mutationId: randomUUID() }),
  });
  if (!response.ok) throw new Error(`the move ${move} was refused: ${response.status} ${await response.text()}`);
}
