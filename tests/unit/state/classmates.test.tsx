// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRIENDS_OFFLINE, useClassmates } from '../../../src/state/classmates.ts';
import { presenceSharingChanged, usePlayingPresence, usePresenceBeat } from '../../../src/state/presence.ts';
import { renderHook, settle, SIGNED_OUT, signedIn } from './harness.tsx';
import { rpcServer, type RpcServer } from './rpcServer.ts';

const BEN = '00000000-0000-4000-8000-0000000000be';

function classroom(sharing: boolean): RpcServer {
  const server = rpcServer();
  server.answer('get_classmates', {
    data: [
      { user_id: BEN, username: 'ben', icon: 'fox', relation: 'friend', since: '2026-11-20T10:00:00Z', online: true, playing: 'snake', last_seen: '2026-11-27T10:00:00Z' },
      { user_id: 'x', username: 'newer', icon: 'fox', relation: 'some relation a newer server adds', since: '2026-11-20T10:00:00Z', online: false, playing: null, last_seen: null },
    ],
    error: null,
  });
  server.answer('get_friend_invites', { data: [{ code: 'Ab3_-Zz9Ab3_-Zz9', for_class: true, uses_left: 39, expires_at: '2026-11-28T10:00:00Z' }], error: null });
  server.answer('get_presence_sharing', { data: sharing, error: null });
  return server;
}

const count = (server: RpcServer, name: string) => server.calls.filter((call) => call.name === name).length;

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

describe('useClassmates', () => {
  it('reads classmates, invites and the switch; leaves out a relation it does not know', async () => {
    const server = classroom(false);
    const view = renderHook(useClassmates, signedIn(server.runtime));
    await settle();
    expect(view.current.list).toEqual({
      state: 'ready',
      data: {
        people: [{ userId: BEN, username: 'ben', icon: 'fox', relation: 'friend', presence: { online: true, playing: 'snake', lastSeen: new Date('2026-11-27T10:00:00Z') } }],
        invites: [{ code: 'Ab3_-Zz9Ab3_-Zz9', forClass: true, usesLeft: 39, expiresAt: new Date('2026-11-28T10:00:00Z') }],
        sharing: false,
      },
    });
  });

  it('gives the server\'s words for a refusal, and reads the list again after any action', async () => {
    const server = classroom(false);
    server.answer('request_friend', { data: null, error: { message: 'No student is called nobody.', status: 400 } });
    const view = renderHook(useClassmates, signedIn(server.runtime));
    await settle();
    let outcome: unknown;
    await act(async () => {
      outcome = await view.current.ask('nobody');
    });
    await settle();
    expect(outcome).toEqual({ ok: false, message: 'No student is called nobody.' });
    expect(count(server, 'get_classmates')).toBe(2);
  });

  it('offline, asks nothing of the server and says a connection is needed', async () => {
    const server = classroom(false);
    const view = renderHook(useClassmates, signedIn(server.runtime));
    await settle();
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    let outcome: unknown;
    await act(async () => {
      outcome = await view.current.ask('ben');
    });
    expect(outcome).toEqual({ ok: false, message: FRIENDS_OFFLINE });
    expect(count(server, 'request_friend')).toBe(0);
  });

  it('signed out, shows nothing to load and asks nothing', async () => {
    const view = renderHook(useClassmates, SIGNED_OUT);
    await settle();
    expect(view.current.account).toBe('signed-out');
  });
});

describe('usePresenceBeat', () => {
  it('with sharing off sends once, hears "not shared", and sends nothing more until it is turned on', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = rpcServer();
    let shared = false;
    server.answer('set_presence', () => ({ data: shared, error: null }));
    renderHook(() => usePresenceBeat(), signedIn(server.runtime));
    await settle();
    expect(count(server, 'set_presence')).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(120_000);
    });
    await settle();
    expect(count(server, 'set_presence')).toBe(1);

    shared = true;
    act(() => presenceSharingChanged(true));
    await settle();
    expect(count(server, 'set_presence')).toBe(2);
    await act(async () => {
      vi.advanceTimersByTime(50_000);
    });
    await settle();
    expect(count(server, 'set_presence')).toBe(4);
  });

  it('says which game is open, and stops while the page is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = rpcServer();
    server.answer('set_presence', { data: true, error: null });
    act(() => presenceSharingChanged(true));
    renderHook(() => usePresenceBeat(), signedIn(server.runtime));
    const game = renderHook(() => usePlayingPresence('snake'), signedIn(server.runtime));
    await settle();
    expect(server.calls.at(-1)).toEqual({ name: 'set_presence', args: { p_app_id: 'snake' } });
    game.unmount();
    await settle();
    expect(server.calls.at(-1)).toEqual({ name: 'set_presence', args: {} });

    const sent = count(server, 'set_presence');
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await act(async () => {
      vi.advanceTimersByTime(120_000);
    });
    await settle();
    expect(count(server, 'set_presence')).toBe(sent);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await settle();
    expect(count(server, 'set_presence')).toBe(sent + 1);
  });
});
