import { useState } from 'react';

/** Runs an action with `busy` set meanwhile. */
export function useBusy(): [boolean, <T>(action: () => Promise<T>) => Promise<T>] {
  const [busy, setBusy] = useState(false);
  async function run<T>(action: () => Promise<T>): Promise<T> {
    setBusy(true);
    try {
      return await action();
    } finally {
      setBusy(false);
    }
  }
  return [busy, run];
}
