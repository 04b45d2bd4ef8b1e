// Games between friends (issue 28), the lobby's one door: the student's invites and games, and inviting,
// answering and taking back; game links too (made, listed while they wait, taken by a classmate, and
// the maker's game once its seat is taken). Online only, read again after each action and every
// LOBBY_REFRESH_MS while visible. The match page's door is useMatch (state/match.ts).
import { answerMatchInvite, cancelMatchInvite, createMatchLink, inviteToMatch, joinMatchLink, type MadeMatchLink } from '../data/actions/matches.ts';
import { isOnline } from '../data/online.ts';
import { fetchMyMatchLinks, type MyMatchLinkRow } from '../data/queries/fetchMyMatchLinks.ts';
import { fetchMyMatches, type MyMatchRow } from '../data/queries/fetchMyMatches.ts';
import { isUnreachable, type Result } from '../data/result.ts';
import type { DataSource } from '../data/source.ts';
import { isMatchGame, type MatchGame, type MatchLine, type MatchPace, type MatchStatus } from '../domain/match.ts';
import { useAccount } from './account.ts';
import { useBusy } from './useBusy.ts';
import { useRefreshWhileVisible } from './useRefreshWhileVisible.ts';
import { useUserEvents } from './userEvents.ts';
import { useServerRead, type Loadable } from './useServerRead.ts';

export const MATCHES_OFFLINE = 'You are offline. Games with friends need a connection: try again when you are back online.';

/** Without the live topic the lobby asks this often; with it, each change is told and this is a safety net. */
const LOBBY_REFRESH_MS = 15_000;
const JOINED_REFRESH_MS = 60_000;
const STATUSES: readonly MatchStatus[] = ['invited', 'active', 'finished', 'declined', 'cancelled', 'ended'];

export interface MatchSummary extends MatchLine {
  id: number;
  game: MatchGame;
  pace: MatchPace;
  opponent: { userId: string; username: string; icon: string };
}

export type Outcome = { ok: true; message: string } | { ok: false; message: string };

export type { MadeMatchLink };

function toSummary(row: MyMatchRow): MatchSummary | null {
  const status = STATUSES.find((known) => known === row.status);
  if (status === undefined || !isMatchGame(row.game)) return null;
  return {
    id: row.match_id,
    game: row.game,
    pace: row.pace === 'correspondence' ? 'correspondence' : 'live',
    status,
    invitedByMe: row.invited_by_me,
    myTurn: row.my_turn,
    result: row.result ?? null,
    reason: row.reason ?? null,
    drawOffer: row.draw_offer ?? null,
    opponent: { userId: row.opponent_id, username: row.opponent_username, icon: row.opponent_icon },
    deadline: row.deadline ? new Date(row.deadline) : null,
  };
}

function toLink(row: MyMatchLinkRow): MadeMatchLink | null {
  if (!isMatchGame(row.game)) return null;
  return { matchId: row.match_id, code: row.code, game: row.game, pace: row.pace === 'correspondence' ? 'correspondence' : 'live', expiresAt: new Date(row.expires_at) };
}

function outcomeOf(answer: Result<unknown>, done: string): Outcome {
  if (answer.error === null) return { ok: true, message: done };
  return { ok: false, message: isUnreachable(answer.error) ? MATCHES_OFFLINE : answer.error.message };
}

export interface MatchesView {
  account: 'loading' | 'signed-out' | 'signed-in';
  list: Loadable<MatchSummary[]>;
  /** The student's game links nobody took yet, newest first. */
  links: Loadable<MadeMatchLink[]>;
  busy: boolean;
  invite: (friend: { userId: string; username: string }, game: MatchGame, pace: MatchPace) => Promise<{ ok: true; matchId: number; message: string } | { ok: false; message: string }>;
  answer: (match: MatchSummary, accept: boolean) => Promise<Outcome>;
  cancel: (match: MatchSummary) => Promise<Outcome>;
  /** A game link for whoever opens it first; the maker moves first. */
  shareLink: (game: MatchGame, pace: MatchPace) => Promise<({ ok: true; message: string } & MadeMatchLink) | { ok: false; message: string }>;
  /** Takes the free seat of a classmate's game link: the game to open, or why not. */
  joinLink: (code: string) => Promise<{ ok: true; matchId: number; message: string } | { ok: false; message: string }>;
  /** Takes a game link back before anyone opened it. */
  cancelLink: (link: MadeMatchLink) => Promise<Outcome>;
  /** The game a link of the student's became once a classmate took its seat (told live), or null while it waits. */
  takenLink: (link: MadeMatchLink) => MatchSummary | null;
}

export function useMatches(): MatchesView {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const [list, reload] = useServerRead(`matches:${userId ?? ''}`, async (source) => {
    const answer = await fetchMyMatches(source);
    return answer.error ? answer : { data: answer.data.flatMap((row) => toSummary(row) ?? []), error: null };
  });
  const [links, reloadLinks] = useServerRead(`match-links:${userId ?? ''}`, async (source) => {
    const answer = await fetchMyMatchLinks(source);
    return answer.error ? answer : { data: answer.data.flatMap((row) => toLink(row) ?? []), error: null };
  });
  const [busy, run] = useBusy();
  const reloadBoth = () => {
    reload();
    reloadLinks();
  };
  const live = useUserEvents(reloadBoth, () => undefined);
  useRefreshWhileVisible(reloadBoth, live ? JOINED_REFRESH_MS : LOBBY_REFRESH_MS, userId !== null);

  async function act<T extends { ok: boolean; message: string }>(work: (source: DataSource) => Promise<T>): Promise<T | { ok: false; message: string }> {
    if (data === null) return { ok: false, message: 'Sign in to play with your friends.' };
    if (!isOnline()) return { ok: false, message: MATCHES_OFFLINE };
    return run(async () => {
      const outcome = await work(data);
      reloadBoth();
      return outcome;
    });
  }

  return {
    account: account.state,
    list: account.state === 'signed-in' ? list : { state: 'loading' },
    links: account.state === 'signed-in' ? links : { state: 'loading' },
    busy,
    invite: (friend, game, pace) =>
      act(async (source) => {
        const answer = await inviteToMatch(source, friend.userId, game, pace);
        if (answer.error) return outcomeOf(answer, '') as { ok: false; message: string };
        return { ok: true as const, matchId: answer.data, message: `Invite sent: ${friend.username} can accept it on their friends page.` };
      }),
    answer: (match, accept) =>
      act(async (source) => outcomeOf(await answerMatchInvite(source, match.id, accept), accept ? `Game on: you play ${match.opponent.username}.` : 'Invite declined.')),
    cancel: (match) => act(async (source) => outcomeOf(await cancelMatchInvite(source, match.id), 'Invite taken back.')),
    shareLink: (game, pace) =>
      act(async (source) => {
        const answer = await createMatchLink(source, game, pace);
        if (answer.error) return outcomeOf(answer, '') as { ok: false; message: string };
        return { ok: true as const, ...answer.data, message: 'Link made: the first classmate to open it plays you.' };
      }),
    joinLink: (code) =>
      act(async (source) => {
        const answer = await joinMatchLink(source, code);
        if (answer.error) return outcomeOf(answer, '') as { ok: false; message: string };
        if (!answer.data.ok) return answer.data;
        return { ok: true as const, matchId: answer.data.matchId, message: `Game on: you play ${answer.data.opponent}.` };
      }),
    cancelLink: (link) => act(async (source) => outcomeOf(await cancelMatchInvite(source, link.matchId), 'Link taken back: it no longer works.')),
    takenLink: (link) => (list.state === 'ready' ? (list.data.find((match) => match.id === link.matchId && match.status !== 'invited') ?? null) : null),
  };
}
