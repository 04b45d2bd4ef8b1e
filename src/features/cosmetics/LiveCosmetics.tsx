import { useEffect } from 'react';
import { useWorn } from '../../state/cosmetics.ts';
import { applyCosmetics, savePlan } from './apply.ts';
import { DesktopGoose } from './DesktopGoose.tsx';
import './cosmetics.css';

/** Wears the signed-in student's equipped items, as the device's mirror holds them. */
export default function LiveCosmetics() {
  const { plan, ownsGoose } = useWorn();

  useEffect(() => {
    if (plan === undefined) return;
    applyCosmetics<HTMLLinkElement>(plan, document);
    savePlan(plan);
  }, [plan]);

  return ownsGoose ? <DesktopGoose /> : null;
}
