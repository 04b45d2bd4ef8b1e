import { useSyncExternalStore } from 'react';

/** The desktop goose's item id in the catalogue. */
export const GOOSE_ITEM_ID = 'desktop_goose';

const CHANGE_EVENT = 'portal-goose-change';

/** Per student and per device: dismissing the goose is a preference, not something the server keeps. */
export function gooseHiddenKey(userId: string): string {
  return `portal-goose-hidden:${userId}`;
}

export function isGooseHidden(userId: string, storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(gooseHiddenKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function setGooseHidden(userId: string, hidden: boolean): void {
  try {
    if (hidden) localStorage.setItem(gooseHiddenKey(userId), '1');
    else localStorage.removeItem(gooseHiddenKey(userId));
  } catch {
    // Storage refused (private mode, full): the choice lasts for this page only.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Whether the student sent the goose away, kept in step across this page and other tabs. */
export function useGooseHidden(userId: string): boolean {
  return useSyncExternalStore(subscribe, () => isGooseHidden(userId));
}
