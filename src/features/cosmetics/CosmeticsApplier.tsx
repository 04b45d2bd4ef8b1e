import { lazy, Suspense, useLayoutEffect } from 'react';
import { usePortal } from '../../app/portal.tsx';
import { applyCosmetics, readSavedPlan } from './apply.ts';

// Reading Dexie is for after the shell's first paint; until then the last plan saved on this device is worn.
const LiveCosmetics = lazy(() => import('./LiveCosmetics.tsx'));

/** Mounted once (App.tsx): dresses every page in the signed-in student's equipped cosmetics. */
export function CosmeticsApplier() {
  const { runtime, session, status } = usePortal();
  useLayoutEffect(() => {
    applyCosmetics<HTMLLinkElement>(readSavedPlan(), document);
  }, []);
  if (runtime === null || status === 'loading') return null;
  return (
    <Suspense fallback={null}>
      <LiveCosmetics data={runtime.data} userId={session?.user.id ?? null} />
    </Suspense>
  );
}
