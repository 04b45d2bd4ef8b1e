import { lazy, Suspense } from 'react';
import { useAccount } from '../../state/account.ts';

// The live balance reads Dexie, which the shell must not load before its first paint.
const LiveCoinBalance = lazy(() => import('./LiveCoinBalance.tsx'));

/** The navbar's Dabloon balance; nothing until the data runtime is there and a student is signed in. */
export function CoinBalance() {
  if (useAccount().state !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <LiveCoinBalance />
    </Suspense>
  );
}
