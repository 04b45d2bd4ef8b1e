import type { Session } from '@supabase/supabase-js';
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { PortalRuntime } from './runtime.ts';
import { nextTask } from './idle.ts';
import { announceRuntime } from './runtimeArrival.ts';
import { runtimeMayLoad } from './runtimeGate.ts';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface PortalState {
  runtime: PortalRuntime | null;
  /**
   * Who is signed in. While the device cannot renew an expired access token (offline), this is the
   * session stored on the device: identity for the UI and the outbox, never proof for the server.
   */
  session: Session | null;
  status: SessionStatus;
  /** Set when the runtime could not load (e.g. no backend configured): features fall back to bundled data. */
  runtimeError: string | null;
}

const INITIAL: PortalState = { runtime: null, session: null, status: 'loading', runtimeError: null };

const PortalContext = createContext<PortalState>(INITIAL);

/**
 * Loads the data runtime after the shell's first paint (after the page's first reads are shown, when the
 * page has any: runtimeGate.ts) and keeps the auth session in React state.
 * Until the runtime is there, features render from nothing rather than block the page.
 * A session supabase-js cannot renew offline stays signed in (see backend/sessionStore.ts): only a
 * real sign-out changes the status, so the outbox and the Dexie mirror are never orphaned.
 */
export function PortalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PortalState>(INITIAL);

  useEffect(() => {
    let unsubscribe = () => {};
    let cancelled = false;
    runtimeMayLoad()
      .then(() => import('./runtime.ts'))
      // The runtime's module is evaluated in one task and built in the next ones, never all in one.
      .then(async ({ createRuntime }) => {
        await nextTask();
        return cancelled ? null : createRuntime();
      })
      .then((runtime) => {
        if (runtime === null || cancelled) return;
        announceRuntime(runtime.data);
        unsubscribe = runtime.onSession((session) => {
          // Every page re-renders with the runtime or a new session: in slices, as the first render (main.tsx).
          startTransition(() => {
            setState({ runtime, session, status: session === null ? 'signed-out' : 'signed-in', runtimeError: null });
          });
        });
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        announceRuntime(null);
        toast.error(message);
        setState({ runtime: null, session: null, status: 'signed-out', runtimeError: message });
      });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, []);

  return <PortalContext.Provider value={state}>{children}</PortalContext.Provider>;
}

/**
 * A portal state given rather than loaded: for tests of the area hooks, which render them over a runtime
 * made of a device database and a fake server.
 */
export function PortalStateProvider({ value, children }: { value: PortalState; children: ReactNode }) {
  return <PortalContext.Provider value={value}>{children}</PortalContext.Provider>;
}

export function usePortal(): PortalState {
  return useContext(PortalContext);
}
