import { useEffect, useEffectEvent, useState } from 'react';
import { usePortal } from './portal.tsx';
import type { Result } from '../data/result.ts';
import type { DataSource } from '../data/source.ts';

export type Loadable<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: T };

/**
 * Runs an online-only read of src/data once the runtime is there, and again when `key` changes or the
 * returned reload is called (after a write). `key` names everything the read depends on; a null answer
 * is an error ('not found'), as a page cannot show nothing.
 */
export function useServerRead<T>(key: string, read: (data: DataSource) => Promise<Result<T | null>>): [Loadable<T>, () => void] {
  const { runtime } = usePortal();
  const data = runtime?.data ?? null;
  const [result, setResult] = useState<Loadable<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const readNow = useEffectEvent((source: DataSource) => read(source));

  useEffect(() => {
    if (data === null) return;
    let cancelled = false;
    readNow(data)
      .then((answer) => {
        if (cancelled) return;
        if (answer.error || answer.data === null) setResult({ state: 'error', message: answer.error?.message ?? 'not found' });
        else setResult({ state: 'ready', data: answer.data });
      })
      .catch((error: unknown) => {
        if (!cancelled) setResult({ state: 'error', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [data, key, round]);

  return [result, () => setRound((r) => r + 1)];
}
