import { lazy, Suspense } from 'react';
import { usePortal } from '../state/portal.tsx';

// Its reads need the Dexie mirror, which the first paint must not wait for: loaded only once signed in.
const AttachSavesOffer = lazy(() => import('../features/player/AttachSavesOffer.tsx').then((m) => ({ default: m.AttachSavesOffer })));

/** What the portal offers a signed-in student on any page: the games they played signed out on this device. */
export function SignedInOffers() {
  const { session } = usePortal();
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <AttachSavesOffer />
    </Suspense>
  );
}
