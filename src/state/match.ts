// One game between friends, the match page's one door (issue 28): the server's game with this device's
// queued moves on top (domain/matchRoom.ts), the student's moves through the outbox (shown at once, sent
// once, offline too), and the game's other actions online. The page reads the game again every few
// seconds while the other player is to move and the page is visible.
import { useEffect, useMemo, useRef, useState } from 'react';
import { answerDraw, claimMatchTimeout, offerDraw, offerRematch, reportMatchPlayer, resignMatch } from '../data/actions/matches.ts';
import { queueMatchMove } from '../data/matchMoves.ts';
import { isOnline } from '../data/online.ts';
import { discardMutation } from '../data/queue.ts';
import { fetchMatch, type MatchRow } from '../data/queries/fetchMatch.ts';
import { readQueuedMoves } from '../data/reads/matchMoves.ts';
import { isUnreachable, type Result } from '../data/result.ts';
import type { DataSource } from '../data/source.ts';
import { ROOM_GAMES, type RoomMove, type RoomState } from '../domain/gameRoom.ts';
import { keepConfirmed, roomOf } from '../domain/matchRoom.ts';
import { notice } from '../ui/notice.tsx';
import { useAccount } from './account.ts';
import { useLiveRead } from './liveRead.ts';
import { MATCHES_OFFLINE } from './matches.ts';
import { useBusy } from './useBusy.ts';
import { useRefreshWhileVisible } from './useRefreshWhileVisible.ts';
import { useUserEvents } from './userEvents.ts';
import { useServerRead, type Loadable } from './useServerRead.ts';

export type { MatchRow } from '../data/queries/fetchMatch.ts';

/**
 * Without the live topic, a live game is read again this often while the other player is to move (the
 * move's goal is 2 s to the other device), a game over days less often; with it, each move is told and
 * the read is a safety net.
 */
const LIVE_REFRESH_MS = 2_000;
const SLOW_REFRESH_MS = 15_000;
const JOINED_REFRESH_MS = 30_000;

export type Outcome = { ok: true; message: string } | { ok: false; message: string };

export interface MatchView {
  account: 'loading' | 'signed-out' | 'signed-in';
  /** The signed-in student, whose side of the game the page shows. */
  userId: string | null;
  match: Loadable<MatchRow>;
  /** What the game's frame is handed; null until the game is read. */
  room: RoomState | null;
  /** This student's moves still waiting for the server. */
  pending: number;
  busy: boolean;
  move: (move: RoomMove) => void;
  dismissRefusal: () => Promise<void>;
  resign: () => Promise<Outcome>;
  offerDraw: () => Promise<Outcome>;
  answerDraw: (accept: boolean) => Promise<Outcome>;
  claimTimeout: () => Promise<Outcome>;
  rematch: () => Promise<{ ok: true; matchId: number; message: string } | { ok: false; message: string }>;
  report: (reason: string) => Promise<Outcome>;
}

function outcomeOf(answer: Result<unknown>, done: string): Outcome {
  if (answer.error === null) return { ok: true, message: done };
  return { ok: false, message: isUnreachable(answer.error) ? MATCHES_OFFLINE : answer.error.message };
}

function isRoomGame(game: string): game is RoomState['game'] {
  return (ROOM_GAMES as readonly string[]).includes(game);
}

export function useMatch(matchId: number): MatchView {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const [match, reload] = useServerRead(`match:${matchId}:${userId ?? ''}`, (source) => fetchMatch(source, matchId));
  const queued = useLiveRead(async () => (data === null || userId === null ? [] : readQueuedMoves(data, userId, matchId)), [data, userId, matchId]);
  const [busy, run] = useBusy();

  const server = match.state === 'ready' ? match.data : null;
  const waiting = server !== null && (server.status === 'invited' || (server.status === 'active' && server.turn !== userId));
  const fast = server?.pace === 'live' && server.status !== 'finished';
  const live = useUserEvents((changed) => {
    if (changed === null || changed === matchId) reload();
  }, () => undefined);
  useRefreshWhileVisible(reload, live ? JOINED_REFRESH_MS : fast ? LIVE_REFRESH_MS : SLOW_REFRESH_MS, userId !== null && (waiting || (queued?.length ?? 0) > 0));

  // A move confirmed leaves the outbox: read the game at once, so the board does not wait for the timer.
  const sentBefore = useRef(0);
  const inFlight = (queued ?? []).filter((item) => item.status !== 'failed').length;
  useEffect(() => {
    if (inFlight < sentBefore.current) reload();
    sentBefore.current = inFlight;
  }, [inFlight, reload]);

  const computed = useMemo(() => {
    if (server === null || userId === null || !isRoomGame(server.game)) return null;
    return roomOf(
      { ...server, game: server.game },
      userId,
      (queued ?? []).map((item) => ({ ply: item.ply, move: item.move, failed: item.status === 'failed', message: item.refusal?.message ?? null })),
    );
  }, [server, userId, queued]);
  // What was shown last render decides what is shown now (domain/matchRoom.ts keepConfirmed): state
  // kept from the previous render, updated while rendering as React's guide to derived state has it.
  const [shown, setShown] = useState<{ basis: RoomState | null; room: RoomState | null }>({ basis: null, room: null });
  let room = shown.room;
  if (shown.basis !== computed) {
    room = computed === null ? null : keepConfirmed(shown.room, computed);
    setShown({ basis: computed, room });
  }

  async function act<T extends { ok: boolean; message: string }>(work: (source: DataSource) => Promise<T>): Promise<T | { ok: false; message: string }> {
    if (data === null) return { ok: false, message: 'Sign in to play with your friends.' };
    if (!isOnline()) return { ok: false, message: MATCHES_OFFLINE };
    return run(async () => {
      const outcome = await work(data);
      reload();
      return outcome;
    });
  }

  return {
    account: account.state,
    userId,
    match: account.state === 'signed-in' ? match : { state: 'loading' },
    room,
    pending: inFlight,
    busy,
    move: (move) => {
      if (data === null || userId === null) return;
      queueMatchMove(data, userId, { matchId, ply: move.ply, move: move.move }).catch((error: unknown) =>
        notice.error(error instanceof Error ? error.message : String(error)),
      );
    },
    dismissRefusal: async () => {
      if (data === null) return;
      for (const item of queued ?? []) if (item.status === 'failed') await discardMutation(data, item.id);
    },
    resign: () => act(async (source) => outcomeOf(await resignMatch(source, matchId), 'You resigned.')),
    offerDraw: () => act(async (source) => outcomeOf(await offerDraw(source, matchId), 'Draw offered: your friend can accept it.')),
    answerDraw: (accept) => act(async (source) => outcomeOf(await answerDraw(source, matchId, accept), accept ? 'Draw agreed.' : 'Draw declined: play on.')),
    claimTimeout: () =>
      act(async (source) => {
        const answer = await claimMatchTimeout(source, matchId);
        if (answer.error) return outcomeOf(answer, '');
        return answer.data.won ? { ok: true, message: 'Your friend ran out of time: you won.' } : { ok: false, message: `Your friend still has ${answer.data.secondsLeft} seconds.` };
      }),
    rematch: () =>
      act(async (source) => {
        const answer = await offerRematch(source, matchId);
        if (answer.error) return outcomeOf(answer, '') as { ok: false; message: string };
        return { ok: true as const, matchId: answer.data, message: 'Rematch offered.' };
      }),
    report: (reason) => act(async (source) => outcomeOf(await reportMatchPlayer(source, matchId, reason), 'Thank you: a moderator will look at this game.')),
  };
}
