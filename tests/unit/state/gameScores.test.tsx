// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_LOGGED_IN, SCORE_INSERT_FAILED } from '../../../src/domain/messages.ts';
import { useGameScores } from '../../../src/state/player/gameScores.ts';
import { WITHDRAW_OFFLINE, type OwnScoresView } from '../../../src/state/player/ownScores.ts';
import type { ScoreOutcome } from '../../../src/state/player/scoreSubmission.ts';
import { notice } from '../../../src/ui/notice.tsx';
import { drainOnce, refuseAll } from '../sync/fakes.ts';
import { fakeSupabase, withServer, type FakeSupabase } from './fakeGameServer.ts';
import { fakeRuntime, LOADING, renderHook, settle, SIGNED_OUT, signedIn, USER, type HookStage } from './harness.tsx';

const APP = '2048';
const RUN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const PROOF = new File([new Uint8Array([137, 80, 78, 71])], '2048-64.png', { type: 'image/png' });

let stage: HookStage<ReturnType<typeof useGameScores>> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
  vi.restoreAllMocks();
});

const ownScore = { id: 4, score: 64, created_at: '2026-11-20T10:00:00Z', proof: 'x/4_2048-64.png', review: 'pending' };
const boardRow = { user_id: USER, username: 'ada', icon: null, score: 64, submission_id: 4, created_at: '2026-11-20T10:00:00Z' };

/** A server that has one score of the student's on the board. */
function serverWithOneScore(): FakeSupabase {
  const server = fakeSupabase();
  server.rpc.get_own_scores = () => ({ data: [ownScore], error: null });
  server.rpc.get_app_high_scores = () => ({ data: [boardRow], error: null });
  server.rpc.delete_score_submission = () => ({ data: null, error: null });
  return server;
}

function signedInView(view: OwnScoresView): Extract<OwnScoresView, { account: 'signed-in' }> {
  if (view.account !== 'signed-in') throw new Error(`the own scores are ${view.account}`);
  return view;
}

async function stageSignedIn(server: FakeSupabase) {
  const fake = fakeRuntime();
  const view = renderHook(() => useGameScores(APP), signedIn(withServer(fake, server)));
  stage = view;
  await settle();
  return { fake, view };
}

describe('useGameScores: the score form', () => {
  it('waits for the account while it loads: nothing can be sent yet', () => {
    const view = renderHook(() => useGameScores(APP), LOADING);
    stage = view;
    expect(view.current.submission.account).toBe('loading');
    expect(view.current.submission.sending).toBeNull();
    expect(view.current.own.account).toBe('loading');
  });

  it('signed out, a submission says the spec’s notice and resolves as not sent; the own list asks the server nothing', async () => {
    const error = vi.spyOn(notice, 'error').mockImplementation(() => '');
    const server = fakeSupabase();
    const fake = fakeRuntime();
    const view = renderHook(() => useGameScores(APP), { ...SIGNED_OUT, runtime: withServer(fake, server) });
    stage = view;
    await settle();
    expect(view.current.submission.account).toBe('signed-out');
    expect(view.current.own.account).toBe('signed-out');
    let outcome: ScoreOutcome | null = null;
    await act(async () => {
      outcome = await view.current.submission.submit({ score: 64, proof: PROOF, play: null });
    });
    expect(outcome).toEqual({ kind: 'signed-out' });
    expect(error).toHaveBeenCalledWith(NOT_LOGGED_IN, expect.anything());
    expect(await fake.db.outbox.count()).toBe(0);
    expect(server.calls).not.toContain('rpc:get_own_scores');
  });

  it('queues the score with its proof and play, shows it sending, and resolves "sent" once the server took it; both lists read again', async () => {
    const server = serverWithOneScore();
    const { fake, view } = await stageSignedIn(server);
    const asked = server.calls.length;

    let pending: Promise<ScoreOutcome> | null = null;
    await act(async () => {
      pending = view.current.submission.submit({ score: 64, proof: PROOF, play: { runId: RUN, durationMs: 30_000, resumed: false } });
    });
    await settle();
    expect(view.current.submission.sending).toEqual({ offline: false });
    const [item] = await fake.db.outbox.toArray();
    expect(item?.kind).toBe('submit_score');
    expect(item?.args).toEqual({ p_app_id: APP, p_score: 64, p_proof_bytes: 4, p_run_id: RUN, p_duration_ms: 30_000, p_resumed: false });
    expect(item?.blobName).toBe(PROOF.name);

    const { server: sync } = await act(() => drainOnce(fake.db, (op) => ({ id: op.id, ok: true, result: 4 })));
    let outcome: ScoreOutcome | null = null;
    await act(async () => {
      outcome = await pending!;
    });
    await settle();
    expect(outcome).toEqual({ kind: 'sent' });
    expect(sync.uploads.map((upload) => upload.path)).toEqual([`4_${PROOF.name}`]);
    expect(view.current.submission.sending).toBeNull();
    expect(server.calls.slice(asked)).toEqual(expect.arrayContaining(['rpc:get_own_scores', 'rpc:get_app_high_scores']));
  });

  it('a score typed in carries no play', async () => {
    const { fake, view } = await stageSignedIn(serverWithOneScore());
    await act(async () => {
      void view.current.submission.submit({ score: 12, proof: PROOF, play: null });
    });
    await settle();
    expect((await fake.db.outbox.toArray())[0]?.args).toEqual({ p_app_id: APP, p_score: 12, p_proof_bytes: 4 });
  });

  it('queued offline, it says so while it waits', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { view } = await stageSignedIn(serverWithOneScore());
    await act(async () => {
      void view.current.submission.submit({ score: 64, proof: PROOF, play: null });
    });
    await settle();
    expect(view.current.submission.sending).toEqual({ offline: true });
  });

  it('resolves "refused" with the spec’s message and the server’s reason when the server turns it down', async () => {
    const { fake, view } = await stageSignedIn(serverWithOneScore());
    let pending: Promise<ScoreOutcome> | null = null;
    await act(async () => {
      pending = view.current.submission.submit({ score: 64, proof: PROOF, play: null });
    });
    await settle();
    await act(() => drainOnce(fake.db, refuseAll('You already have 10 scores for this game.')));
    let outcome: ScoreOutcome | null = null;
    await act(async () => {
      outcome = await pending!;
    });
    expect(outcome).toEqual({ kind: 'refused', messages: [SCORE_INSERT_FAILED, 'You already have 10 scores for this game.'] });
    expect(view.current.submission.sending).toBeNull();
  });

  it('resolves "refused" at once, queuing nothing, when the device already knows the score is not one', async () => {
    const { fake, view } = await stageSignedIn(serverWithOneScore());
    let outcome: ScoreOutcome | null = null;
    await act(async () => {
      outcome = await view.current.submission.submit({ score: -5, proof: PROOF, play: null });
    });
    expect(outcome).toMatchObject({ kind: 'refused' });
    expect(await fake.db.outbox.count()).toBe(0);
    expect(view.current.submission.sending).toBeNull();
  });
});

describe('useGameScores: the lists', () => {
  it('reads the board and the student’s own scores from the server', async () => {
    const { view } = await stageSignedIn(serverWithOneScore());
    expect(view.current.high.rows?.map((row) => row.score)).toEqual([64]);
    expect(signedInView(view.current.own).scores).toEqual({ state: 'ready', data: [ownScore] });
  });

  it('withdrawing offline changes nothing and says why', async () => {
    const server = serverWithOneScore();
    const { view } = await stageSignedIn(server);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let done: boolean | null = null;
    await act(async () => {
      done = await signedInView(view.current.own).withdraw(ownScore as never);
    });
    expect(done).toBe(false);
    expect(signedInView(view.current.own).error).toBe(WITHDRAW_OFFLINE);
    expect(server.calls).not.toContain('rpc:delete_score_submission');
  });

  it('a withdrawal the server refuses names the reason', async () => {
    const server = serverWithOneScore();
    server.rpc.delete_score_submission = () => ({ data: null, error: { message: 'not yours' } });
    const { view } = await stageSignedIn(server);
    let done: boolean | null = null;
    await act(async () => {
      done = await signedInView(view.current.own).withdraw(ownScore as never);
    });
    await settle();
    expect(done).toBe(false);
    expect(signedInView(view.current.own).error).toBe('This score could not be withdrawn: not yours');
    expect(signedInView(view.current.own).busy).toBe(false);
  });

  it('a withdrawn score and its proof leave the server, and both lists read again', async () => {
    const server = serverWithOneScore();
    const { view } = await stageSignedIn(server);
    server.rpc.get_own_scores = () => ({ data: [], error: null });
    server.rpc.get_app_high_scores = () => ({ data: [], error: null });
    let done: boolean | null = null;
    await act(async () => {
      done = await signedInView(view.current.own).withdraw(ownScore as never);
    });
    await settle();
    expect(done).toBe(true);
    expect(server.removed).toEqual([ownScore.proof]);
    expect(signedInView(view.current.own).scores).toEqual({ state: 'ready', data: [] });
    expect(view.current.high.rows).toEqual([]);
  });
});
