import { useEffect, useState } from 'react';
import { usePortal } from '../../app/portal.tsx';
import { fetchCreatorAccess } from '../../data/queries/fetchCreatorAccess.ts';
import type { DataSource } from '../../data/source.ts';

export type CreatorAccess =
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'not-creator' }
  | { state: 'error'; message: string }
  | { state: 'creator'; data: DataSource; userId: string };

/** Whether the signed-in user may use the creator tools (a row in creators, granted by an operator). */
export function useCreatorAccess(): CreatorAccess {
  const { runtime, session, status } = usePortal();
  const userId = session?.user.id ?? null;
  const data = runtime?.data ?? null;
  const [answer, setAnswer] = useState<{ userId: string; creator: boolean } | { userId: string; error: string } | null>(null);

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
  }, [data, userId]);

  if (status === 'signed-out') return { state: 'signed-out' };
  if (status === 'loading' || data === null || userId === null || answer === null || answer.userId !== userId) {
    return { state: 'loading' };
  }
  if ('error' in answer) return { state: 'error', message: answer.error };
  return answer.creator ? { state: 'creator', data, userId } : { state: 'not-creator' };
}
