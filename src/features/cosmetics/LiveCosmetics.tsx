import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { readWorn } from '../../data/reads/worn.ts';
import type { DataSource } from '../../data/source.ts';
import { NO_COSMETICS, planCosmetics } from '../../domain/cosmeticPlan.ts';
import { applyCosmetics, savePlan } from './apply.ts';
import { DesktopGoose } from './DesktopGoose.tsx';
import { GOOSE_ITEM_ID } from './goose.ts';
import './cosmetics.css';

/** Reads the equipped items and their assets from Dexie only: no network, so it works offline and at once. */
export default function LiveCosmetics({ data, userId }: { data: DataSource; userId: string | null }) {
  const worn = useLiveQuery(() => readWorn(data, userId, GOOSE_ITEM_ID), [data, userId]);

  useEffect(() => {
    if (worn === undefined) return;
    const plan = userId === null ? NO_COSMETICS : planCosmetics(worn.items, (id) => worn.shop.get(id));
    applyCosmetics<HTMLLinkElement>(plan, document);
    savePlan(plan);
  }, [worn, userId]);

  const ownsGoose = worn?.items.some((i) => i.item === GOOSE_ITEM_ID) ?? false;
  return userId !== null && ownsGoose ? <DesktopGoose userId={userId} /> : null;
}
