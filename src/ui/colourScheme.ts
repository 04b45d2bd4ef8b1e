// The student's light/dark choice, kept on this device. 'system' leaves <html> without data-scheme,
// so the tokens follow the system's preference (prefers-color-scheme) with no script at all.
import { useSyncExternalStore } from 'react';

export type SchemeChoice = 'system' | 'light' | 'dark';

export const SCHEME_CHOICES: readonly SchemeChoice[] = ['system', 'light', 'dark'];

const KEY = 'portal-colour-scheme';
const listeners = new Set<() => void>();

function isChoice(value: unknown): value is SchemeChoice {
  return value === 'system' || value === 'light' || value === 'dark';
}

export function schemeChoice(): SchemeChoice {
  try {
    const saved = localStorage.getItem(KEY);
    return isChoice(saved) ? saved : 'system';
  } catch {
    // Storage refused (a locked-down profile): the system's preference it is.
    return 'system';
  }
}

/** Writes the choice onto <html>; called once before the first render and on every change. */
export function applyScheme(choice: SchemeChoice = schemeChoice()): void {
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute('data-scheme');
  else root.setAttribute('data-scheme', choice);
}

export function setSchemeChoice(choice: SchemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Not kept, but still worn for this visit.
  }
  applyScheme(choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY) return;
    applyScheme();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSchemeChoice(): SchemeChoice {
  return useSyncExternalStore(subscribe, schemeChoice, () => 'system');
}
