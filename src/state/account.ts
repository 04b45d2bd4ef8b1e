import type { Session } from '@supabase/supabase-js';
import type { DataSource } from '../data/source.ts';
import { usePortal } from './portal.tsx';
import type { PortalRuntime } from './runtime.ts';

/**
 * Who the page acts for, in the three states a page shows differently: not known yet (the runtime or the
 * stored session is still loading), nobody signed in, or a student whose reads and writes can start.
 * The area hooks take this, so no page asks whether the runtime has loaded.
 */
export type Account =
  | { state: 'loading' }
  | { state: 'signed-out'; data: DataSource | null }
  | { state: 'signed-in'; userId: string; session: Session; data: DataSource; runtime: PortalRuntime };

export function useAccount(): Account {
  const { runtime, session, status } = usePortal();
  if (status === 'signed-out') return { state: 'signed-out', data: runtime?.data ?? null };
  if (runtime === null || session === null) return { state: 'loading' };
  return { state: 'signed-in', userId: session.user.id, session, data: runtime.data, runtime };
}

/** The data runtime once it is there, signed in or not (the catalogue and the boards need no account). */
export function useDataSource(): DataSource | null {
  return usePortal().runtime?.data ?? null;
}
