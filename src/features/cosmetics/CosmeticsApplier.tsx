import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { NO_COSMETICS } from '../../domain/cosmeticPlan.ts';
import { useAccount } from '../../state/account.ts';
import { applyCosmetics, readSavedPlan, savePlan } from './apply.ts';

// Reading Dexie is for after the shell's first paint (the live reader and its state module load then);
// until then the last plan saved on this device is worn.
const LiveCosmetics = lazy(() => import('./LiveCosmetics.tsx'));

/** Mounted once (App.tsx): dresses every page in the signed-in student's equipped cosmetics. */
export function CosmeticsApplier() {
  const account = useAccount().state;
  useLayoutEffect(() => {
    applyCosmetics<HTMLLinkElement>(readSavedPlan(), document);
  }, []);
  // Nobody signed in wears nothing: the plan of whoever signed out goes, without loading the live reader.
  useEffect(() => {
    if (account !== 'signed-out') return;
    applyCosmetics<HTMLLinkElement>(NO_COSMETICS, document);
    savePlan(NO_COSMETICS);
  }, [account]);
  if (account !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <LiveCosmetics />
    </Suspense>
  );
}
