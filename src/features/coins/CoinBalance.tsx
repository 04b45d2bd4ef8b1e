import { lazy, Suspense } from 'react';
import { usePortal } from '../../state/portal.tsx';

// The live balance reads Dexie, which the shell must not load before its first paint.
const LiveCoinBalance = lazy(() => import('./LiveCoinBalance.tsx'));

/** The navbar's Dabloon balance; nothing until the data runtime is there and a student is signed in. */
export function CoinBalance() {
  const { runtime, session } = usePortal();
  const userId = session?.user.id ?? null;
  if (runtime === null || userId === null) return null;
  return (
    <Suspense fallback={null}>
      <LiveCoinBalance data={runtime.data} userId={userId} />
    </Suspense>
  );
}
