// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useModerationDesk, useModeratorAccess } from '../../../src/state/moderation.ts';
import { LOADING, renderHook, settle, SIGNED_OUT, signedIn, USER } from './harness.tsx';
import { rpcServer, type RpcServer } from './rpcServer.ts';


const SCORE = { submission_id: 41, app_title: 'Snake', score: 3210, username: 'maya', proof: '41_snake.png', created_at: '2026-11-26T09:00:00Z' };

/** A desk whose queues hold what is given, and a record of no decision. */
function deskServer(scores: unknown[]): RpcServer {
  const server = rpcServer();
  server.answer('get_pending_scores', { data: scores, error: null });
  for (const name of ['get_open_chat_reports', 'get_open_takedowns', 'get_open_creator_applications', 'get_moderation_decisions']) {
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
