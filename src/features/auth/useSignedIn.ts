import { usePortal } from '../../app/portal.tsx';
import type { PortalRuntime } from '../../app/runtime.ts';

/** The runtime and the signed-in user's id together, or null while either is missing. */
export function useSignedIn(): { runtime: PortalRuntime; userId: string; email: string } | null {
  const { runtime, session } = usePortal();
  if (runtime === null || session === null) return null;
  return { runtime, userId: session.user.id, email: session.user.email ?? '' };
}
