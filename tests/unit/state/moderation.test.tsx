// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useModerationDesk, useModeratorAccess, useReportedGame } from '../../../src/state/moderation.ts';
import { LOADING, renderHook, settle, SIGNED_OUT, signedIn, USER } from './harness.tsx';
import { rpcServer, type RpcServer } from './rpcServer.ts';


const GAME_REPORT = {
  report_id: 7,
  match_id: 31,
  game: 'tic-tac-toe',
  status: 'active',
  ply: 3,
  reporter_username: 'ben',
  reported_username: 'ann',
  reason: 'Rude names.',
  reported_at: '2026-11-27T10:00:00Z',
};
const INVITE = { invite_id: 5, username: 'ann', code: 'AbCdEfGhIjKlMnOp', for_class: true, uses_left: 40, expires_at: '2026-11-28T10:00:00Z', created_at: '2026-11-27T10:00:00Z' };
const UNLOCK = { unlock_id: 9, username: 'ann', app_id: 'snake', game_title: 'Snake', title: 'First Bite', points: 10, reward: 25, unlocked_at: '2026-11-27T09:00:00Z', revoked_at: null };
const SCORE = { submission_id: 41, app_title: 'Snake', score: 3210, username: 'maya', proof: '41_snake.png', created_at: '2026-11-26T09:00:00Z' };

/** A desk whose queues hold what is given, and a record of no decision. */
function deskServer(scores: unknown[]): RpcServer {
  const server = rpcServer();
  server.answer('get_pending_scores', { data: scores, error: null });
  for (const name of ['get_open_chat_reports', 'get_reported_matches', 'get_open_takedowns', 'get_open_creator_applications', 'get_moderation_decisions']) {
    server.answer(name, { data: [], error: null });
  }
  return server;
}

describe('useModerationDesk', () => {
  it('is loading until the account is known, and says when nobody is signed in', () => {
    const loading = renderHook(useModerationDesk, LOADING);
    expect(loading.current.account).toBe('loading');
    loading.unmount();
    expect(renderHook(useModerationDesk, SIGNED_OUT).current.account).toBe('signed-out');
  });

  it('a student who is no moderator is told so, not shown an error', async () => {
    const server = deskServer([]);
    server.answer('get_pending_scores', { data: null, error: { message: 'Only a moderator can do this.', status: 403 } });
    const desk = renderHook(useModerationDesk, signedIn(server.runtime));
    await settle();
    expect(desk.current.desk).toEqual({ state: 'not-a-moderator' });
  });

  it('a decision resolves to its outcome and the desk is read again: the decided score leaves the queue', async () => {
    const server = deskServer([SCORE]);
    server.answer('review_score', { data: 9, error: null });
    const desk = renderHook(useModerationDesk, signedIn(server.runtime));
    await settle();
    expect(desk.current.desk).toMatchObject({ state: 'ready', data: { scores: [SCORE] } });

    server.answer('get_pending_scores', { data: [], error: null });
    let outcome: unknown = null;
    await act(async () => {
      outcome = await desk.current.decide({ kind: 'score', submissionId: 41, approve: true, reason: 'The proof shows it.' });
    });
    await settle();
    expect(outcome).toEqual({ ok: true });
    expect(server.calls.find((call) => call.name === 'review_score')?.args).toEqual({ p_submission_id: 41, p_approve: true, p_reason: 'The proof shows it.' });
    expect(desk.current.desk).toMatchObject({ state: 'ready', data: { scores: [] } });
  });

  it('an empty desk, checked again, shows a case that came in since', async () => {
    const server = deskServer([]);
    const desk = renderHook(useModerationDesk, signedIn(server.runtime));
    await settle();
    expect(desk.current.desk).toMatchObject({ state: 'ready', data: { scores: [], reports: [], takedowns: [], applications: [] } });
    server.answer('get_pending_scores', { data: [SCORE], error: null });
    act(() => desk.current.checkAgain());
    await settle();
    expect(desk.current.desk).toMatchObject({ state: 'ready', data: { scores: [SCORE] } });
  });

  it('a refused decision gives the server’s reason', async () => {
    const server = deskServer([SCORE]);
    server.answer('review_score', { data: null, error: { message: 'Already decided.', status: 400 } });
    const desk = renderHook(useModerationDesk, signedIn(server.runtime));
    await settle();
    let outcome: unknown = null;
    await act(async () => {
      outcome = await desk.current.decide({ kind: 'score', submissionId: 41, approve: false, reason: 'No proof.' });
    });
    expect(outcome).toEqual({ ok: false, message: 'Already decided.' });
  });
});

describe('the desk: reported games and invite links', () => {
  it('shows a reported game, and ending it resolves to its outcome and takes it off the queue', async () => {
    const server = deskServer([]);
    server.answer('get_reported_matches', { data: [GAME_REPORT], error: null });
    server.answer('end_match', { data: 12, error: null });
    const desk = renderHook(useModerationDesk, signedIn(server.runtime));
    await settle();
    expect(desk.current.desk).toMatchObject({ state: 'ready', data: { games: [GAME_REPORT] } });

    server.answer('get_reported_matches', { data: [], error: null });
    let outcome: unknown = null;
    await act(async () => {
      outcome = await desk.current.decide({ kind: 'match', matchId: 31, reason: 'Name-calling.' });
    });
    await settle();
    expect(outcome).toEqual({ ok: true });
    expect(server.calls.find((call) => call.name === 'end_match')?.args).toEqual({ p_match_id: 31, p_reason: 'Name-calling.' });
    expect(desk.current.desk).toMatchObject({ state: 'ready', data: { games: [] } });
  });

  it("reads a reported game's moves with the players' names", async () => {
    const server = rpcServer();
    const player = (id: string, username: string) => ({ id, username, icon: '' });
    server.answer('get_match', {
      data: { id: 31, game: 'tic-tac-toe', status: 'active', ply: 1, first_player: player('a', 'ann'), second_player: player('b', 'ben'), moves: [{ ply: 0, player: 'a', move: '4' }] },
      error: null,
    });
    const game = renderHook(() => useReportedGame(31), signedIn(server.runtime));
    await settle();
    expect(server.calls.find((call) => call.name === 'get_match')?.args).toEqual({ p_match_id: 31, p_from_ply: 0 });
    expect(game.current).toMatchObject({ state: 'ready', data: { firstPlayer: { username: 'ann' }, moves: [{ ply: 0, player: 'a', move: '4' }] } });
  });

  it("looks a student's invite links up, gives the server's refusal in its words, and a removed link leaves the list", async () => {
    const server = deskServer([]);
    server.answer('get_student_friend_invites', (args) =>
      (args as { p_username: string }).p_username === 'ann'
        ? { data: [INVITE], error: null }
        : { data: null, error: { message: 'No student is called nobody.', status: 400 } },
    );
    server.answer('remove_friend_invite', { data: 13, error: null });
    const desk = renderHook(useModerationDesk, signedIn(server.runtime));
    await settle();
    expect(desk.current.invites).toEqual({ state: 'idle' });
    expect(server.calls.some((call) => call.name === 'get_student_friend_invites')).toBe(false);

    act(() => desk.current.findInvites(' nobody '));
    await settle();
    expect(desk.current.invites).toEqual({ state: 'error', message: 'No student is called nobody.' });

    act(() => desk.current.findInvites('ann'));
    await settle();
    expect(desk.current.invites).toEqual({ state: 'ready', data: { username: 'ann', rows: [INVITE] } });

    server.answer('get_student_friend_invites', { data: [], error: null });
    let outcome: unknown = null;
    await act(async () => {
      outcome = await desk.current.decide({ kind: 'friend-invite', inviteId: 5, reason: 'Posted in chat.' });
    });
    await settle();
    expect(outcome).toEqual({ ok: true });
    expect(server.calls.find((call) => call.name === 'remove_friend_invite')?.args).toEqual({ p_invite_id: 5, p_reason: 'Posted in chat.' });
    expect(desk.current.invites).toEqual({ state: 'ready', data: { username: 'ann', rows: [] } });
  });

  it("looks a student's achievements up apart from their invite links, and a taken-back one is read again, marked", async () => {
    const server = deskServer([]);
    server.answer('get_student_achievements', { data: [UNLOCK], error: null });
    server.answer('revoke_achievement', { data: 14, error: null });
    const desk = renderHook(useModerationDesk, signedIn(server.runtime));
    await settle();
    act(() => desk.current.findAchievements(' ann '));
    await settle();
    expect(server.calls.find((call) => call.name === 'get_student_achievements')?.args).toEqual({ p_username: 'ann' });
    expect(desk.current.achievements).toEqual({ state: 'ready', data: { username: 'ann', rows: [UNLOCK] } });
    expect(desk.current.invites).toEqual({ state: 'idle' });

    const revoked = { ...UNLOCK, revoked_at: '2026-11-27T11:00:00Z' };
    server.answer('get_student_achievements', { data: [revoked], error: null });
    let outcome: unknown = null;
    await act(async () => {
      outcome = await desk.current.decide({ kind: 'achievement', unlockId: 9, reason: 'Not earned by play.' });
    });
    await settle();
    expect(outcome).toEqual({ ok: true });
    expect(server.calls.find((call) => call.name === 'revoke_achievement')?.args).toEqual({ p_unlock_id: 9, p_reason: 'Not earned by play.' });
    expect(desk.current.achievements).toEqual({ state: 'ready', data: { username: 'ann', rows: [revoked] } });
  });

  it('a refused removal gives the server’s reason', async () => {
    const server = deskServer([]);
    server.answer('remove_friend_invite', { data: null, error: { message: 'You cannot decide on your own invite link: cancel it on your friends page.', status: 400 } });
    const desk = renderHook(useModerationDesk, signedIn(server.runtime));
    await settle();
    let outcome: unknown = null;
    await act(async () => {
      outcome = await desk.current.decide({ kind: 'friend-invite', inviteId: 5, reason: 'mine' });
    });
    expect(outcome).toEqual({ ok: false, message: 'You cannot decide on your own invite link: cancel it on your friends page.' });
  });
});

describe('useModeratorAccess', () => {
  it('is false offline and for a student, true for a moderator', async () => {
    const offline = renderHook(() => useModeratorAccess(USER), signedIn(rpcServer().runtime));
    await settle();
    expect(offline.current).toBe(false);
    offline.unmount();
    const server = rpcServer();
    server.answer('is_moderator', { data: true, error: null });
    const moderator = renderHook(() => useModeratorAccess(USER), signedIn(server.runtime));
    await settle();
    expect(moderator.current).toBe(true);
  });
});
