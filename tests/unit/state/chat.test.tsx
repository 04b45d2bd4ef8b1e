// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_EMPTY } from '../../../src/domain/chatBody.ts';
import { useChat } from '../../../src/state/chat.ts';
import { fakeRuntime, LOADING, renderHook, settle, SIGNED_OUT, signedIn, USER, type HookStage } from './harness.tsx';

let stage: HookStage<ReturnType<typeof useChat>> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
});

const OTHER = '00000000-0000-4000-8000-000000000002';

describe('useChat', () => {
  it('says the account is loading, with an empty room, until the runtime and session are known', () => {
    stage = renderHook(useChat, LOADING);
    expect(stage.current.account).toBe('loading');
    expect(stage.current.messages).toEqual([]);
    expect(stage.current.pending).toEqual([]);
    expect(stage.current.loaded).toBe(false);
  });

  it('signed out, there is no room to read', () => {
    stage = renderHook(useChat, SIGNED_OUT);
    expect(stage.current.account).toBe('signed-out');
    expect(stage.current.userId).toBeNull();
  });

  it('with the server out of reach, shows the device’s copy of the room and says the server cannot be reached', async () => {
    const fake = fakeRuntime();
    await fake.db.chatMessages.put({ viewer: USER, id: 7, user_id: OTHER, username: 'maya', icon: null, body: 'hi all', created_at: '2026-11-20T10:00:00Z', client_id: null });
    stage = renderHook(useChat, signedIn(fake.runtime));
    await settle();
    expect(stage.current.account).toBe('signed-in');
    expect(stage.current.userId).toBe(USER);
    expect(stage.current.messages.map((message) => message.body)).toEqual(['hi all']);
    expect(stage.current.loaded).toBe(true);
    expect(stage.current.reachable).toBe(false);
  });

  it('a blank message is refused with the rule’s words and queues nothing; a real one is pending at once', async () => {
    const fake = fakeRuntime();
    stage = renderHook(useChat, signedIn(fake.runtime));
    await settle();
    let refusal: string | null = null;
    await act(async () => {
      refusal = await stage!.current.send('   ');
    });
    expect(refusal).toBe(CHAT_EMPTY);
    expect(await fake.db.outbox.count()).toBe(0);

    await act(async () => {
      refusal = await stage!.current.send('  hello  ');
    });
    await settle();
    expect(refusal).toBeNull();
    expect(stage.current.pending.map((item) => item.args.p_body)).toEqual(['hello']);
  });

  it('a message the server confirmed is shown once: its copy in the room replaces the pending one', async () => {
    const fake = fakeRuntime();
    stage = renderHook(useChat, signedIn(fake.runtime));
    await settle();
    await act(async () => {
      await stage!.current.send('once');
    });
    await settle();
    const [item] = stage.current.pending;
    await fake.db.chatMessages.put({ viewer: USER, id: 8, user_id: USER, username: 'me', icon: null, body: 'once', created_at: '2026-11-20T10:01:00Z', client_id: item!.id });
    await settle();
    expect(stage.current.messages.map((message) => message.body)).toEqual(['once']);
    expect(stage.current.pending).toEqual([]);
  });

  it('dismissing a message takes it off the device', async () => {
    const fake = fakeRuntime();
    stage = renderHook(useChat, signedIn(fake.runtime));
    await settle();
    await act(async () => {
      await stage!.current.send('oops');
    });
    await settle();
    await act(async () => {
      await stage!.current.dismiss(stage!.current.pending[0]!);
    });
    await settle();
    expect(stage.current.pending).toEqual([]);
    expect(await fake.db.outbox.count()).toBe(0);
  });

  it('a report the server could not take answers its error, for the page to say', async () => {
    const fake = fakeRuntime();
    stage = renderHook(useChat, signedIn(fake.runtime));
    await settle();
    const message = { id: 9, user_id: OTHER, username: 'maya', icon: null, body: 'rude', created_at: '2026-11-20T10:02:00Z', client_id: null };
    let answer: Awaited<ReturnType<ReturnType<typeof useChat>['report']>> | null = null;
    await act(async () => {
      answer = await stage!.current.report(message);
    });
    expect(answer).toEqual({ error: 'the server is not reachable in this test' });
  });
});
