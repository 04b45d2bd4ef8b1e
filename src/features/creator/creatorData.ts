import { useCallback, useEffect, useState } from 'react';
import { usePortal } from '../../app/portal.tsx';
import type { PortalRuntime } from '../../app/runtime.ts';
import type { Tables } from '../../backend/database.types.ts';

export type SocialRow = Tables<'creator_socials'>;
export type VideoRow = Tables<'creator_videos'>;

export type Loadable<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: T };

export type CreatorAccess =
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'not-creator' }
  | { state: 'error'; message: string }
  | { state: 'creator'; runtime: PortalRuntime; userId: string };

/** Whether the signed-in user may use the creator tools (a row in creators, granted by an operator). */
export function useCreatorAccess(): CreatorAccess {
  const { runtime, session, status } = usePortal();
  const userId = session?.user.id ?? null;
  const [answer, setAnswer] = useState<{ userId: string; creator: boolean } | { userId: string; error: string } | null>(null);

  useEffect(() => {
    if (runtime === null || userId === null) return;
    let cancelled = false;
    void runtime.supabase.rpc('is_creator').then(({ data, error }) => {
      if (cancelled) return;
      setAnswer(error ? { userId, error: error.message } : { userId, creator: data === true });
    });
    return () => {
      cancelled = true;
    };
  }, [runtime, userId]);

  if (status === 'signed-out') return { state: 'signed-out' };
  if (status === 'loading' || runtime === null || userId === null || answer === null || answer.userId !== userId) {
    return { state: 'loading' };
  }
  if ('error' in answer) return { state: 'error', message: answer.error };
  return answer.creator ? { state: 'creator', runtime, userId } : { state: 'not-creator' };
}

/** Runs a read while the runtime is there, with a reload function for after a write. */
export function useServerRead<T>(
  runtime: PortalRuntime | null,
  read: (runtime: PortalRuntime) => Promise<{ data: T | null; error: { message: string } | null }>,
  deps: readonly unknown[],
): [Loadable<T>, () => void] {
  const [result, setResult] = useState<Loadable<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  // The caller's deps decide when the read changes; `read` itself is a fresh closure every render.
  const stableRead = useCallback(read, deps);

  useEffect(() => {
    if (runtime === null) return;
    let cancelled = false;
    stableRead(runtime)
      .then(({ data, error }) => {
        if (cancelled) return;
        if (error || data === null) setResult({ state: 'error', message: error?.message ?? 'not found' });
        else setResult({ state: 'ready', data });
      })
      .catch((error: unknown) => {
        if (!cancelled) setResult({ state: 'error', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [runtime, stableRead, round]);

  return [result, () => setRound((r) => r + 1)];
}

/** A write's failure in words a creator can act on. */
export function describeWriteError(error: { code?: string; message: string }): string {
  if (error.code === '23505') return 'You already added that account.';
  if (error.code === '42501') return 'You can only change your own creator accounts and videos.';
  if (error.code === '23514') return 'The server did not accept one of the fields; check them and try again.';
  if (error.code === '23503') return 'That app is not in the catalogue any more; choose another one.';
  return `server error: ${error.message}`;
}
