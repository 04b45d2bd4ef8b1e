// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { APPLYING_NEEDS_CONNECTION } from '../../../src/domain/creatorApplication.ts';
import { useCreatorAccess, useCreatorApplication } from '../../../src/state/creator.ts';
import { LOADING, renderHook, settle, SIGNED_OUT, signedIn, USER } from './harness.tsx';
import { rpcServer } from './rpcServer.ts';


const PENDING_ROW = {
  id: 7,
  pitch: 'Snake speedruns',
  platform: null,
  handle: null,
  status: 'pending',
  created_at: '2026-11-20T10:00:00Z',
  closed_at: null,
  reason: null,
  refusal: null,
};

describe('useCreatorAccess', () => {
  it('is loading until the account is known, and signed out asks nothing of the server', () => {
    const loading = renderHook(() => useCreatorAccess()[0], LOADING);
    expect(loading.current).toEqual({ state: 'loading' });
    loading.unmount();
    expect(renderHook(() => useCreatorAccess()[0], SIGNED_OUT).current).toEqual({ state: 'signed-out' });
  });

  it('tells a creator from a student who is not one yet, and asks again when told to', async () => {
    const server = rpcServer();
    server.answer('is_creator', { data: false, error: null });
    const access = renderHook(useCreatorAccess, signedIn(server.runtime));
    await settle();
    expect(access.current[0]).toEqual({ state: 'not-creator', userId: USER });

    server.answer('is_creator', { data: true, error: null });
    act(() => access.current[1]());
    await settle();
    expect(access.current[0]).toEqual({ state: 'creator', userId: USER });
    expect(server.calls.filter((call) => call.name === 'is_creator')).toHaveLength(2);
  });

  it('says why when the server cannot be asked', async () => {
    const server = rpcServer();
    const access = renderHook(useCreatorAccess, signedIn(server.runtime));
    await settle();
    expect(access.current[0]).toEqual({ state: 'error', message: 'Failed to fetch' });
  });
});

describe('useCreatorApplication', () => {
  it('shows the waiting application, and a withdrawal refused because a moderator decided first reads it again', async () => {
    const server = rpcServer();
    server.answer('get_own_creator_application', { data: [PENDING_ROW], error: null });
    server.answer('withdraw_creator_application', { data: null, error: { message: 'A moderator already decided on this application.', status: 400 } });
    const view = renderHook(() => useCreatorApplication(USER), signedIn(server.runtime));
    await settle();
    expect(view.current.own).toMatchObject({ state: 'ready', data: { latest: { id: 7, status: 'pending', channel: null } } });

    server.answer('get_own_creator_application', { data: [{ ...PENDING_ROW, status: 'granted' }], error: null });
    let outcome: unknown = null;
    await act(async () => {
      outcome = await view.current.withdraw();
    });
    await settle();
    expect(outcome).toEqual({ state: 'refused', message: 'A moderator already decided on this application.' });
    expect(view.current.own).toMatchObject({ state: 'ready', data: { latest: { status: 'granted' } } });
  });

  it('an application the server cannot reach comes back as the need for a connection, and nothing is read again', async () => {
    const server = rpcServer();
    server.answer('get_own_creator_application', { data: [], error: null });
    const view = renderHook(() => useCreatorApplication(USER), signedIn(server.runtime));
    await settle();
    expect(view.current.own).toEqual({ state: 'ready', data: { latest: null } });

    let outcome: unknown = null;
    await act(async () => {
      outcome = await view.current.submit({ pitch: 'Tips for 2048', platform: '', handle: '' });
    });
    expect(outcome).toEqual({ ok: false, message: APPLYING_NEEDS_CONNECTION });
    expect(server.calls.filter((call) => call.name === 'get_own_creator_application')).toHaveLength(1);
  });

  it('a refusal of the server is the student’s words; a sent application is read back as waiting', async () => {
    const server = rpcServer();
    server.answer('get_own_creator_application', { data: [], error: null });
    server.answer('submit_creator_application', { data: null, error: { message: 'You can apply 3 times in 30 days.', status: 400 } });
    const view = renderHook(() => useCreatorApplication(USER), signedIn(server.runtime));
    await settle();
    let outcome: unknown = null;
    await act(async () => {
      outcome = await view.current.submit({ pitch: 'Tips for 2048', platform: '', handle: '' });
    });
    expect(outcome).toEqual({ ok: false, message: 'You can apply 3 times in 30 days.' });

    server.answer('submit_creator_application', { data: 8, error: null });
    server.answer('get_own_creator_application', { data: [{ ...PENDING_ROW, id: 8 }], error: null });
    await act(async () => {
      outcome = await view.current.submit({ pitch: 'Tips for 2048', platform: '', handle: '' });
    });
    await settle();
    expect(outcome).toEqual({ ok: true });
    expect(server.calls.find((call) => call.name === 'submit_creator_application')?.args).toEqual({ p_pitch: 'Tips for 2048' });
    expect(view.current.own).toMatchObject({ state: 'ready', data: { latest: { id: 8, status: 'pending' } } });
  });
});
