import { useEffect, useState } from 'react';
import { usePortal } from '../../state/portal.tsx';
import { fetchCreatorAccess } from '../../data/queries/fetchCreatorAccess.ts';
import type { DataSource } from '../../data/source.ts';

export type CreatorAccess =
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'error'; message: string }
  | { state: 'not-creator' | 'creator'; data: DataSource; userId: string };

/**
 * Whether the signed-in user may use the creator tools (a row in creators, granted by an operator or
 * by a moderator on their application), and a way to ask again, as after an application is granted.
 */
export function useCreatorAccess(): [CreatorAccess, () => void] {
  const { runtime, session, status } = usePortal();
  const userId = session?.user.id ?? null;
  const data = runtime?.data ?? null;
  const [answer, setAnswer] = useState<{ userId: string; creator: boolean } | { userId: string; error: string } | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (data === null || userId === null) return;
    let cancelled = false;
    void fetchCreatorAccess(data).then(({ data: creator, error }) => {
      if (cancelled) return;
      setAnswer(error ? { userId, error: error.message } : { userId, creator });
    });
    return () => {
      cancelled = true;
    };
  }, [data, userId, round]);

  const recheck = () => setRound((r) => r + 1);
  if (status === 'signed-out') return [{ state: 'signed-out' }, recheck];
  if (status === 'loading' || data === null || userId === null || answer === null || answer.userId !== userId) {
    return [{ state: 'loading' }, recheck];
  }
  if ('error' in answer) return [{ state: 'error', message: answer.error }, recheck];
  return [{ state: answer.creator ? 'creator' : 'not-creator', data, userId }, recheck];
}
