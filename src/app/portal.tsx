import type { Session } from '@supabase/supabase-js';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { PortalRuntime } from './runtime.ts';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

interface PortalState {
  runtime: PortalRuntime | null;
  session: Session | null;
  status: SessionStatus;
}

const PortalContext = createContext<PortalState>({ runtime: null, session: null, status: 'loading' });

/**
 * Loads the data runtime after the shell's first paint and keeps the auth session in React state.
 * Until the runtime is there, features render from nothing rather than block the page.
 */
export function PortalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PortalState>({ runtime: null, session: null, status: 'loading' });

  useEffect(() => {
    let unsubscribe = () => {};
    let cancelled = false;
    import('./runtime.ts')
      .then(({ createRuntime }) => {
        if (cancelled) return;
        const runtime = createRuntime();
        const { data } = runtime.supabase.auth.onAuthStateChange((_event, session) => {
          setState({ runtime, session, status: session === null ? 'signed-out' : 'signed-in' });
        });
        unsubscribe = () => data.subscription.unsubscribe();
        setState((previous) => ({ ...previous, runtime }));
      })
      .catch((error: unknown) => {
        toast.error(error instanceof Error ? error.message : String(error));
        setState({ runtime: null, session: null, status: 'signed-out' });
      });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, []);

  return <PortalContext.Provider value={state}>{children}</PortalContext.Provider>;
}

export function usePortal(): PortalState {
  return useContext(PortalContext);
}
