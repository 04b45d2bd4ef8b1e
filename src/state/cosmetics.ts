import { useLiveRead } from './liveRead.ts';
import { useMemo, useSyncExternalStore } from 'react';
import { readWorn } from '../data/reads/worn.ts';
import { planCosmetics, type CosmeticPlan } from '../domain/cosmeticPlan.ts';
import { useAccount } from './account.ts';

/** The desktop goose's item id in the catalogue. */
export const GOOSE_ITEM_ID = 'desktop_goose';

export interface WornView {
  /** What the page should wear; undefined until the device's copy has been read, or while nobody is signed in. */
  plan: CosmeticPlan | undefined;
  /** The student owns the desktop goose (a special, worn without equipping). */
  ownsGoose: boolean;
}

/** The signed-in student's equipped cosmetics, from the device's mirror only: it works offline and at once. */
export function useWorn(): WornView {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const worn = useLiveRead(async () => (data === null || userId === null ? undefined : readWorn(data, userId, GOOSE_ITEM_ID)), [data, userId]);
  const plan = useMemo(() => (worn === undefined ? undefined : planCosmetics(worn.items, (id) => worn.shop.get(id))), [worn]);
  return { plan, ownsGoose: worn?.items.some((item) => item.item === GOOSE_ITEM_ID) ?? false };
}

const GOOSE_CHANGE_EVENT = 'portal-goose-change';

/** Per student and per device: dismissing the goose is a preference, not something the server keeps. */
function gooseHiddenKey(userId: string): string {
  return `portal-goose-hidden:${userId}`;
}

function isGooseHidden(userId: string): boolean {
  try {
    return localStorage.getItem(gooseHiddenKey(userId)) === '1';
  } catch {
    return false;
  }
}

function setGooseHidden(userId: string, hidden: boolean): void {
  try {
    if (hidden) localStorage.setItem(gooseHiddenKey(userId), '1');
    else localStorage.removeItem(gooseHiddenKey(userId));
  } catch {
    // Storage refused (private mode, full): the choice lasts for this page only.
  }
  window.dispatchEvent(new Event(GOOSE_CHANGE_EVENT));
}

/** Another tab's choice arrives as a storage event, this page's own as the change event. */
function subscribeGoose(onChange: () => void): () => void {
  window.addEventListener(GOOSE_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(GOOSE_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export interface GooseView {
  /** The student sent the goose away on this device. */
  hidden: boolean;
  setHidden: (hidden: boolean) => void;
}

/** Whether the signed-in student's goose is out on this device, kept in step across tabs; null while nobody is signed in. */
export function useGoose(): GooseView | null {
  const account = useAccount();
  const userId = account.state === 'signed-in' ? account.userId : null;
  const hidden = useSyncExternalStore(subscribeGoose, () => userId !== null && isGooseHidden(userId));
  return userId === null ? null : { hidden, setHidden: (next) => setGooseHidden(userId, next) };
}
