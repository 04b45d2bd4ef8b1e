// A stage for the area hooks of src/state: a hook renders inside the portal's context over a runtime made of
// a device database of its own (fake IndexedDB) and a server that is never reached (the hooks under test
// read the mirror and queue to the outbox; a test that needs the server's answer gives its own runtime).
import type { Session } from '@supabase/supabase-js';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import type { PortalDB } from '../../../src/store/db.ts';
import { createDataSource } from '../../../src/data/source.ts';
import { PortalStateProvider, type PortalState } from '../../../src/state/portal.tsx';
import type { PortalRuntime } from '../../../src/state/runtime.ts';
import { LoadingProvider } from '../../../src/state/loading.tsx';
import { freshDb, USER } from '../sync/fakes.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export { USER };

export interface FakeRuntime {
  runtime: PortalRuntime;
  db: PortalDB;
  /** How many times a hook asked for the server's truth to be read back. */
  reconciles: number;
}

/** `server`: the few parts of the Supabase client a hook under test calls; without it the server is never reached. */
export function fakeRuntime(server?: Partial<PortalSupabase>): FakeRuntime {
  const { db } = freshDb();
  const unreachable = new Proxy({}, { get: () => { throw new Error('the server is not reachable in this test'); } }) as PortalSupabase;
  const data = createDataSource(server === undefined ? unreachable : (server as PortalSupabase), db);
  const fake: FakeRuntime = {
    db,
    reconciles: 0,
    runtime: {
      data,
      engine: { drainNow: () => Promise.resolve() } as unknown as PortalRuntime['engine'],
      currentUserId: () => USER,
      addReconciler: () => () => undefined,
      reconcileNow: () => {
        fake.reconciles += 1;
        return Promise.resolve();
      },
      onSession: () => () => undefined,
    },
  };
  return fake;
}

export function signedIn(runtime: PortalRuntime, userId: string = USER, email?: string): PortalState {
  return { runtime, session: { user: { id: userId, email } } as Session, status: 'signed-in', runtimeError: null };
}

/** Nobody signed in, with the runtime there (the sign-in page's usual state). */
export function signedOut(runtime: PortalRuntime): PortalState {
  return { runtime, session: null, status: 'signed-out', runtimeError: null };
}

export const SIGNED_OUT: PortalState = { runtime: null, session: null, status: 'signed-out', runtimeError: null };
export const LOADING: PortalState = { runtime: null, session: null, status: 'loading', runtimeError: null };

export interface HookStage<T> {
  /** What the hook returned on its latest render. */
  readonly current: T;
  /** Re-renders with another portal state (a sign-in, the runtime arriving). */
  setPortal(state: PortalState): void;
  unmount(): void;
}

/** Every stage still mounted: each test's are unmounted after it, so no test file keeps its own list. */
const mounted = new Set<() => void>();
afterEach(() => {
  for (const unmount of [...mounted]) unmount();
});

/** Renders `useHook` in a component of its own, under the given portal state; unmounted after the test. */
export function renderHook<T>(useHook: () => T, portal: PortalState): HookStage<T> {
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  let latest: { value: T } | null = null;
  function Probe() {
    latest = { value: useHook() };
    return null;
  }
  const draw = (state: PortalState): ReactNode => (
    <PortalStateProvider value={state}>
      <LoadingProvider>
        <Probe />
      </LoadingProvider>
    </PortalStateProvider>
  );
  act(() => root.render(draw(portal)));
  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    act(() => root.unmount());
    container.remove();
  };
  mounted.add(unmount);
  return {
    get current() {
      if (latest === null) throw new Error('the hook has not rendered');
      return latest.value;
    },
    setPortal(state) {
      act(() => root.render(draw(state)));
    },
    unmount,
  };
}

/** Lets live queries and promises settle, inside act() so React applies what they set. */
export async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}
