import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { usePortal } from '../../state/portal.tsx';
import { NO_COSMETICS } from '../../domain/cosmeticPlan.ts';
import { applyCosmetics, readSavedPlan, savePlan } from './apply.ts';

// Reading Dexie is for after the shell's first paint; until then the last plan saved on this device is worn.
const LiveCosmetics = lazy(() => import('./LiveCosmetics.tsx'));

/** Mounted once (App.tsx): dresses every page in the signed-in student's equipped cosmetics. */
export function CosmeticsApplier() {
  const { runtime, session, status } = usePortal();
  useLayoutEffect(() => {
    applyCosmetics<HTMLLinkElement>(readSavedPlan(), document);
  }, []);
  // Nobody signed in wears nothing: the plan of whoever signed out goes, without loading the live reader.
  useEffect(() => {
    if (status !== 'signed-out') return;
    applyCosmetics<HTMLLinkElement>(NO_COSMETICS, document);
    savePlan(NO_COSMETICS);
  }, [status]);
  if (runtime === null || status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <LiveCosmetics data={runtime.data} userId={session?.user.id ?? null} />
    </Suspense>
  );
}
