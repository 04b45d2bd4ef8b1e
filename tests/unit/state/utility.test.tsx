// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { STARTING } from '../../../src/domain/authErrors.ts';
import { packRefusalMessage } from '../../../src/domain/offlinePack.ts';
import type { PortalState } from '../../../src/state/portal.tsx';
import { useOfflineCache, useTakedown, type AppRow, type TakedownOutcome } from '../../../src/state/utility.ts';
import { fakeFrom, fakeServer, type Answer, type Query } from './fakeSupabase.ts';
import { fakeRuntime, LOADING, renderHook, settle, signedOut, type HookStage } from './harness.tsx';

let stage: HookStage<unknown> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
  vi.restoreAllMocks();
});

function render<T>(useHook: () => T, portal: PortalState): HookStage<T> {
  const rendered = renderHook(useHook, portal);
  stage = rendered;
  return rendered;
}

const REQUEST = { name: ' Game Studio ', email: 'legal@studio.example', url: 'https://studio.example/game/', reason: 'We own this game and did not allow it here.' };

describe('useTakedown', () => {
  it('a form with gaps is refused field by field without asking the server; while the runtime loads it cannot be sent', async () => {
    const view = render(useTakedown, LOADING);
    expect(view.current.ready).toBe(false);
    let outcome: TakedownOutcome | null = null;
    await act(async () => {
      outcome = await view.current.send({ name: '', email: 'nope', url: 'https://studio.example/', reason: 'Short' });
    });
    expect(outcome).toMatchObject({ kind: 'invalid', errors: { name: expect.any(String), email: expect.any(String), reason: expect.any(String) } });
    expect(Object.keys((outcome as unknown as { errors: object }).errors)).toEqual(['name', 'email', 'reason']);
    await act(async () => {
      outcome = await view.current.send(REQUEST);
    });
    expect(outcome).toEqual({ kind: 'failed', message: STARTING });
  });

  it('sends the request trimmed, and shows the server’s own refusal in its words', async () => {
    let answer: Answer = { data: null, error: null };
    const queries: Query[] = [];
    const fake = fakeRuntime(fakeServer({ from: fakeFrom(() => answer, queries) }));
    const view = render(useTakedown, signedOut(fake.runtime));
    expect(view.current.ready).toBe(true);
    let outcome: TakedownOutcome | null = null;
    await act(async () => {
      outcome = await view.current.send(REQUEST);
    });
    expect(outcome).toEqual({ kind: 'sent' });
    expect(queries[0]).toEqual({ table: 'takedown_requests', steps: [['insert', { ...REQUEST, name: 'Game Studio' }]] });
    answer = { data: null, error: { message: 'This page already has a request waiting.', code: 'P0001' } };
    await act(async () => {
      outcome = await view.current.send(REQUEST);
    });
    expect(outcome).toEqual({ kind: 'failed', message: 'This page already has a request waiting.' });
    expect(view.current.busy).toBe(false);
  });
});

const SNAKE: AppRow = { id: 'snake', title: 'Snake', url: 'https://games.example/snake/' } as AppRow;
/** One list for every render, as the catalogue's read gives it. */
const APPS = [SNAKE];

describe('useOfflineCache', () => {
  it('measures nothing until the game list is read, then what the browser keeps', async () => {
    Object.defineProperty(navigator, 'storage', { configurable: true, value: { estimate: () => Promise.resolve({ usage: 2048, quota: 4096 }) } });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'storage');
    });
    let apps: AppRow[] | null = null;
    const view = render(() => useOfflineCache(apps), signedOut(fakeRuntime().runtime));
    await settle();
    expect(view.current.state).toBeNull();
    apps = APPS;
    view.setPortal(signedOut(fakeRuntime().runtime));
    await settle();
    expect(view.current.state?.estimate).toEqual({ usage: 2048, quota: 4096 });
  });

  it('a game this browser cannot keep says why, in words naming the game', async () => {
    const view = render(() => useOfflineCache(APPS), signedOut(fakeRuntime().runtime));
    let refusal: string | null = null;
    await act(async () => {
      refusal = await view.current.keep(SNAKE, true);
    });
    // No Cache Storage here (as in a browser that offers none): nothing can be kept.
    expect(typeof caches).toBe('undefined');
    expect(refusal).toBe(packRefusalMessage('Snake', 'unsupported'));
  });
});
