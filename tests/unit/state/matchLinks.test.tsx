// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MATCHES_OFFLINE, useMatches, type MadeMatchLink } from '../../../src/state/matches.ts';
import { renderHook, settle, SIGNED_OUT, signedIn } from './harness.tsx';
import { rpcServer, type RpcServer } from './rpcServer.ts';

const CODE = 'Ab3_-Zz9Ab3_-Zz9';
const BEN = '00000000-0000-4000-8000-0000000000be';

function lobby(): RpcServer {
  const server = rpcServer();
  server.answer('get_my_matches', { data: [], error: null });
  server.answer('get_my_match_links', { data: [], error: null });
  server.answer('create_match_link', { data: [{ match_id: 7, code: CODE, expires_at: '2026-11-27T12:10:00Z' }], error: null });
  return server;
}

const activeGame = {
  match_id: 7, game: 'chess', pace: 'live', status: 'active', opponent_id: BEN, opponent_username: 'ben', opponent_icon: 'fox',
  invited_by_me: true, i_move_first: true, ply: 0, my_turn: true, deadline: '2026-11-27T12:02:00Z',
  result: null, reason: null, draw_offer: null, rematch_of: null, updated_at: '2026-11-27T12:00:00Z',
};

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

describe('useMatches: game links', () => {
  it('makes a link the maker moves first in, lists it while it waits, and gives the game once a classmate took the seat', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = lobby();
    const view = renderHook(useMatches, signedIn(server.runtime));
    await settle();
    let made: unknown;
    server.answer('get_my_match_links', { data: [{ match_id: 7, code: CODE, game: 'chess', pace: 'live', expires_at: '2026-11-27T12:10:00Z' }], error: null });
    await act(async () => {
      made = await view.current.shareLink('chess', 'live');
    });
    expect(server.calls.find((call) => call.name === 'create_match_link')?.args).toEqual({ p_game: 'chess', p_pace: 'live', p_moves_first: 'me' });
    const link: MadeMatchLink = { matchId: 7, code: CODE, game: 'chess', pace: 'live', expiresAt: new Date('2026-11-27T12:10:00Z') };
    expect(made).toEqual({ ok: true, ...link, message: 'Link made: the first classmate to open it plays you.' });
    await settle();
    // The lobby lists it too, for after the dialog closed.
    expect(view.current.links).toEqual({ state: 'ready', data: [link] });
    expect(view.current.takenLink(link)).toBeNull();
    // The classmate took the seat: the lobby's next read has the game, and the maker's dialog opens it.
    server.answer('get_my_matches', { data: [activeGame], error: null });
    server.answer('get_my_match_links', { data: [], error: null });
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    await settle();
    expect(view.current.takenLink(link)).toMatchObject({ id: 7, status: 'active', opponent: { username: 'ben' } });
    expect(view.current.links).toEqual({ state: 'ready', data: [] });
  });

  it('opens a classmate\'s link to the game, or gives the server\'s words for why not', async () => {
    const server = lobby();
    server.answer('join_match_link', (args) =>
      (args as { p_code: string }).p_code === CODE
        ? { data: { ok: true, match_id: 9, game: 'tic-tac-toe', opponent_username: 'ann' }, error: null }
        : { data: { ok: false, message: 'This game link has been used: a classmate took the seat. Ask for a new one.' }, error: null });
    const view = renderHook(useMatches, signedIn(server.runtime));
    await settle();
    let joined: unknown;
    let used: unknown;
    await act(async () => {
      joined = await view.current.joinLink(CODE);
      used = await view.current.joinLink('Zz9_-Ab3Zz9_-Ab3');
    });
    expect(joined).toEqual({ ok: true, matchId: 9, message: 'Game on: you play ann.' });
    expect(used).toEqual({ ok: false, message: 'This game link has been used: a classmate took the seat. Ask for a new one.' });
  });

  it('refuses a link over the invite limits in the server\'s words; offline asks nothing', async () => {
    const server = lobby();
    server.answer('create_match_link', { data: null, error: { message: 'You have 5 invites to play waiting for an answer. Wait for one, or cancel one, before making another.', status: 400 } });
    const view = renderHook(useMatches, signedIn(server.runtime));
    await settle();
    let refused: unknown;
    await act(async () => {
      refused = await view.current.shareLink('hex-conquest', 'correspondence');
    });
    expect(refused).toEqual({ ok: false, message: 'You have 5 invites to play waiting for an answer. Wait for one, or cancel one, before making another.' });
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    let offline: unknown;
    await act(async () => {
      offline = await view.current.joinLink(CODE);
    });
    expect(offline).toEqual({ ok: false, message: MATCHES_OFFLINE });
    expect(server.calls.some((call) => call.name === 'join_match_link')).toBe(false);
  });

  it('signed out, says so, so that the link\'s page asks the student to sign in', async () => {
    const view = renderHook(useMatches, SIGNED_OUT);
    await settle();
    expect(view.current.account).toBe('signed-out');
  });
});
