// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../src/store/db.ts';
import { queueMutation } from '../../../src/data/queue.ts';
import { useSyncStatus, type SyncStatus } from '../../../src/state/syncStatus.ts';
import type { PortalRuntime } from '../../../src/state/runtime.ts';
import { fakeRuntime, LOADING, renderHook, settle, signedIn, USER, type HookStage } from './harness.tsx';

let stage: HookStage<ReturnType<typeof useSyncStatus>> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
});

/** An engine whose status the test sets, counting the drains it was asked for. */
function fakeEngine(initial: SyncStatus) {
  let status = initial;
  const listeners = new Set<(status: SyncStatus) => void>();
  const engine = {
    drains: 0,
    getStatus: () => status,
    subscribe(listener: (status: SyncStatus) => void) {
      listeners.add(listener);
      listener(status);
      return () => listeners.delete(listener);
    },
    drainNow: () => {
      engine.drains += 1;
      return Promise.resolve();
    },
    set(next: SyncStatus) {
      status = next;
      act(() => listeners.forEach((listener) => listener(status)));
    },
  };
  return engine;
}

const IDLE: SyncStatus = { state: 'idle', pending: 0, failed: [], lastError: null };

function refused(id: string, kind: OutboxItem['kind'], args: Record<string, unknown>, message?: string): OutboxItem {
  return {
    id,
    seq: 1,
    kind,
    args,
    userId: USER,
    createdAt: 0,
    attempts: 1,
    status: 'failed',
    lastError: message === undefined ? null : { code: 'P0001', message },
    undo: null,
  };
}

function withEngine(engine: ReturnType<typeof fakeEngine>) {
  const fake = fakeRuntime();
  const runtime: PortalRuntime = { ...fake.runtime, engine: engine as unknown as PortalRuntime['engine'] };
  return { fake, runtime };
}

describe('useSyncStatus', () => {
  it('has no status until the runtime is there', () => {
    stage = renderHook(useSyncStatus, LOADING);
    expect(stage.current.status).toBeNull();
    expect(stage.current.failed).toEqual([]);
  });

  it('follows the engine: offline with a change waiting, then what the server refused and why', () => {
    const engine = fakeEngine({ ...IDLE, state: 'offline', pending: 1 });
    stage = renderHook(useSyncStatus, signedIn(withEngine(engine).runtime));
    expect(stage.current.status).toMatchObject({ state: 'offline', pending: 1 });
    engine.set({
      ...IDLE,
      failed: [
        refused('a', 'buy_item', { p_item_id: 'sword_cursor' }, 'Not enough Dabloons'),
        refused('b', 'claim_streak', {}),
        refused('c', 'send_chat_message', { p_message: 'hi' }, 'Too fast'),
      ],
    });
    // The refused chat message is for the chat page to show, not the status.
    expect(stage.current.failed).toEqual([
      { id: 'a', description: 'Purchase: sword_cursor', why: 'Not enough Dabloons' },
      { id: 'b', description: 'Streak claim', why: null },
    ]);
  });

  it('a discard takes the change out of the outbox and sends what is left', async () => {
    const engine = fakeEngine(IDLE);
    const { fake, runtime } = withEngine(engine);
    const item = await queueMutation(runtime.data, { kind: 'claim_streak', args: {}, userId: USER });
    stage = renderHook(useSyncStatus, signedIn(runtime));
    await act(() => stage!.current.discard(item.id));
    await settle();
    expect(await fake.db.outbox.count()).toBe(0);
    expect(engine.drains).toBe(1);
  });
});
