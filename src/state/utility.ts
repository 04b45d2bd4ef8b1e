// The utility pages' door: the takedown form's sending, and what the offline cache page measures and changes.
import { useEffect, useState } from 'react';
import { sendTakedown } from '../data/actions/sendTakedown.ts';
import {
  addToOfflinePack,
  cachedBytesByPrefix,
  clearCaches,
  estimateStorage,
  offlinePackSizes,
  removeFromOfflinePack,
  type StorageEstimate,
} from '../data/offlineStorage.ts';
import { STARTING } from '../domain/authErrors.ts';
import { gameFolder } from '../domain/gameFolder.ts';
import { packRefusalMessage } from '../domain/offlinePack.ts';
import { validateTakedown, type TakedownErrors, type TakedownInput } from '../domain/takedown.ts';
import { takedownFailureText } from '../domain/takedownFailure.ts';
import type { AppRow } from '../store/db.ts';
import { useDataSource } from './account.ts';
import { useBusy } from './useBusy.ts';

export type { StorageEstimate } from '../data/offlineStorage.ts';
export type { AppRow } from '../store/db.ts';

export type TakedownOutcome = { kind: 'invalid'; errors: TakedownErrors } | { kind: 'failed'; message: string } | { kind: 'sent' };

/** Sending a takedown request; `ready` once the runtime is there (nobody needs an account). */
export function useTakedown(): { ready: boolean; busy: boolean; send: (input: TakedownInput) => Promise<TakedownOutcome> } {
  const data = useDataSource();
  const [busy, run] = useBusy();
  return {
    ready: data !== null,
    busy,
    async send(input) {
      const errors = validateTakedown(input);
      if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
      if (data === null) return { kind: 'failed', message: STARTING };
      return run(async () => {
        const { error } = await sendTakedown(data, input);
        return error ? { kind: 'failed', message: takedownFailureText(error) } : { kind: 'sent' };
      });
    },
  };
}

export interface OfflineState {
  estimate: StorageEstimate;
  /** Bytes of each bundled game's folder found in the caches. */
  bundled: Map<string, number>;
  /** Bytes of each offline-pack URL. */
  pack: Map<string, number>;
}

export interface OfflineCacheView {
  /** What this device keeps; null while it is measured. */
  state: OfflineState | null;
  /** Keeps a game in the offline pack, or drops it; null when done, else why it cannot be kept. */
  keep: (app: AppRow, keep: boolean) => Promise<string | null>;
  /** Deletes the saved copy of the portal and its games; how many caches there were. */
  clear: () => Promise<number>;
}

/** The offline cache of `apps` (null while the game list is read): its sizes, the offline pack, and starting over. */
export function useOfflineCache(apps: AppRow[] | null): OfflineCacheView {
  const [state, setState] = useState<OfflineState | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (apps === null) return;
    let cancelled = false;
    const folders = apps.flatMap((app) => (app.bundled ? [gameFolder(app.url)].filter((f): f is string => f !== null) : []));
    // A browser whose caches cannot be read is shown as one that says nothing: the page, and its
    // "Clear offline cache", must not wait for an answer that never comes.
    void Promise.all([estimateStorage(), cachedBytesByPrefix(folders), offlinePackSizes()])
      .catch((): [StorageEstimate, Map<string, number>, Map<string, number>] => [{ usage: null, quota: null }, new Map(), new Map()])
      .then(([estimate, bundled, pack]) => {
        if (!cancelled) setState({ estimate, bundled, pack });
      });
    return () => {
      cancelled = true;
    };
  }, [apps, round]);
  const measureAgain = () => setRound((r) => r + 1);

  return {
    state,
    async keep(app, keep) {
      try {
        if (!keep) {
          await removeFromOfflinePack(app.url);
          return null;
        }
        const result = await addToOfflinePack(app.url);
        return result.ok ? null : packRefusalMessage(app.title, result.refusal, result.files);
      } catch {
        // The page broke off while it was being read, or the browser refused to store it.
        return packRefusalMessage(app.title, 'unreachable');
      } finally {
        measureAgain();
      }
    },
    async clear() {
      const count = await clearCaches();
      measureAgain();
      return count;
    },
  };
}
