// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_LOGGED_IN } from '../../../src/domain/messages.ts';
import { useStreak } from '../../../src/state/streak.ts';
import { notice } from '../../../src/ui/notice.tsx';
import { fakeRuntime, LOADING, renderHook, settle, SIGNED_OUT, signedIn, USER, type HookStage } from './harness.tsx';

let stage: HookStage<ReturnType<typeof useStreak>> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
  vi.restoreAllMocks();
});

describe('useStreak', () => {
  it('says the account is loading, with nothing read, until the runtime and session are known', () => {
    stage = renderHook(useStreak, LOADING);
    expect(stage.current.account).toBe('loading');
    expect(stage.current.streak).toBeUndefined();
    expect(stage.current.pending).toBe(false);
  });

  it('signed out, a claim shows the spec’s notice and queues nothing', async () => {
    const error = vi.spyOn(notice, 'error').mockImplementation(() => '');
    stage = renderHook(useStreak, SIGNED_OUT);
    expect(stage.current.account).toBe('signed-out');
    let result: number | null = 0;
    await act(async () => {
      result = await stage!.current.claim();
    });
    expect(result).toBeNull();
    expect(error).toHaveBeenCalledWith(NOT_LOGGED_IN, expect.anything());
  });

  it('signed in, reads the device’s copy (null before any claim) and asks the server’s truth once', async () => {
    const fake = fakeRuntime();
    stage = renderHook(useStreak, signedIn(fake.runtime));
    await settle();
    expect(stage.current.account).toBe('signed-in');
    expect(stage.current.streak).toBeNull();
    expect(fake.reconciles).toBe(1);
  });

  it('a claim is applied on the device at once, reports its reward and stays pending until the server confirms', async () => {
    const fake = fakeRuntime();
    stage = renderHook(useStreak, signedIn(fake.runtime));
    await settle();
    let reward: number | null = null;
    await act(async () => {
      reward = await stage!.current.claim();
    });
    await settle();
    expect(reward).toBeGreaterThan(0);
    expect(stage.current.lastReward).toBe(reward);
    expect(stage.current.streak?.current_streak).toBe(1);
    expect(stage.current.pending).toBe(true);
    expect(await fake.db.outbox.where('userId').equals(USER).count()).toBe(1);
  });
});
