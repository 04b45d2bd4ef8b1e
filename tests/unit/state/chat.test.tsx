// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import { CHAT_EMPTY } from '../../../src/domain/chatBody.ts';
import type { ChatMessage } from '../../../src/domain/chatMessages.ts';
import { useChat } from '../../../src/state/chat.ts';
import { fakeRuntime, LOADING, renderHook, settle, SIGNED_OUT, signedIn, USER, type HookStage } from './harness.tsx';

let stage: HookStage<ReturnType<typeof useChat>> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
});

const OTHER = '00000000-0000-4000-8000-000000000002';

/**
 * A server whose chat room is `room` and whose live channel the test drives: it joins, drops and
 * broadcasts messages (as the chat trigger does: without client_id) when told. `reads` counts the
 * room's reads (get_chat_messages).
 */
function liveServer(room: ChatMessage[], blocked: string[] = []) {
  let hear: ((message: { payload?: unknown }) => void) | null = null;
  let status: ((state: string) => void) | null = null;
  const channel = {
    on(_type: string, _filter: unknown, callback: (message: { payload?: unknown }) => void) {
      hear = callback;
      return channel;
    },
    subscribe(callback: (state: string) => void) {
      status = callback;
      return channel;
    },
  };
  const server = {
    reads: 0,
    channel: () => channel,
    removeChannel: () => Promise.resolve('ok'),
    rpc: (name: string, args: { p_since?: string }) => {
      if (name === 'get_classmates') return Promise.resolve({ data: blocked.map((user_id) => ({ user_id, relation: 'blocked' })), error: null });
      server.reads += 1;
      const since = args.p_since;
      return Promise.resolve({ data: room.filter((m) => since === undefined || m.created_at > since), error: null });
    },
  };
  return {
    server,
    supabase: server as unknown as Partial<PortalSupabase>,
    joined: (state = 'SUBSCRIBED') => act(() => status?.(state)),
    announce: (message: ChatMessage) => act(() => hear?.({ payload: { ...message, client_id: undefined } })),
  };
}

const said = (id: number, body: string, at: string): ChatMessage => ({ id, user_id: OTHER, username: 'maya', icon: null, body, created_at: at, client_id: null });

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

  it('shows a message the live channel brings without asking the server, and reads the room for one of the student’s own', async () => {
    const room = [said(1, 'first', '2026-11-20T10:00:00Z')];
    const live = liveServer(room);
    const fake = fakeRuntime(live.supabase);
    stage = renderHook(useChat, signedIn(fake.runtime));
    await settle();
    live.joined();
    await settle();
    const readsWhenJoined = live.server.reads;
    live.announce(said(2, 'just now', '2026-11-20T10:00:05Z'));
    await settle();
    expect(stage.current.messages.map((message) => message.body)).toEqual(['first', 'just now']);
    expect(live.server.reads).toBe(readsWhenJoined);

    const mine = { ...said(3, 'mine', '2026-11-20T10:00:06Z'), user_id: USER, client_id: 'c1e0a7e4-0000-4000-8000-000000000003' };
    room.push(mine);
    live.announce({ ...mine, client_id: null });
    await settle();
    expect(live.server.reads).toBe(readsWhenJoined + 1);
    expect(stage.current.messages.at(-1)).toEqual(mine);
  });

  it('shows nothing of a student this student blocked: neither what the device kept from before nor what the live channel brings', async () => {
    const live = liveServer([], [OTHER]);
    const fake = fakeRuntime(live.supabase);
    await fake.db.chatMessages.put({ viewer: USER, id: 7, user_id: OTHER, username: 'maya', icon: null, body: 'from before the block', created_at: '2026-11-20T10:00:00Z', client_id: null });
    stage = renderHook(useChat, signedIn(fake.runtime));
    await settle();
    live.joined();
    await settle();
    live.announce(said(8, 'after the block', '2026-11-20T10:00:05Z'));
    live.announce({ ...said(9, 'someone else', '2026-11-20T10:00:06Z'), user_id: '00000000-0000-4000-8000-000000000003' });
    await settle();
    expect(stage.current.messages.map((message) => message.body)).toEqual(['someone else']);
  });

  it('reads what a lost broadcast missed, even when a later one was kept', async () => {
    const room = [said(1, 'first', '2026-11-20T10:00:00Z')];
    const live = liveServer(room);
    const fake = fakeRuntime(live.supabase);
    stage = renderHook(useChat, signedIn(fake.runtime));
    await settle();
    live.joined();
    await settle();
    // Message 2 is said and its broadcast lost; a minute later message 3 arrives by the channel.
    room.push(said(2, 'lost on the way', '2026-11-20T10:00:05Z'));
    const late = said(3, 'a minute later', '2026-11-20T10:01:05Z');
    room.push(late);
    live.announce(late);
    await settle();
    expect(stage.current.messages.map((message) => message.body)).toEqual(['first', 'a minute later']);
    // The next read (here: the channel dropped) starts from what reads returned, not from message 3.
    live.joined('CHANNEL_ERROR');
    await settle();
    expect(stage.current.messages.map((message) => message.body)).toEqual(['first', 'lost on the way', 'a minute later']);
  });
});
