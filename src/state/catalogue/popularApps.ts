import { useLiveRead } from '../liveRead.ts';
import { startTransition, useEffect, useState } from 'react';
import { firstPopularApps, readsFirstFromNetwork } from '../../data/firstRead.ts';
import { isOnline } from '../../data/online.ts';
import { readPopularApps } from '../../data/popularApps.ts';
import { sharedRefreshPopularApps } from '../../data/queries/refreshPopularApps.ts';
import type { DataSource } from '../../data/source.ts';
import type { PopularEntry } from '../../domain/homeRows.ts';
import { usePortal } from '../portal.tsx';
import { createFirstReadHold } from '../runtimeGate.ts';

const NONE: PopularEntry[] = [];
/** The longest the home page waits for a first ranking before showing the list without it. */
const FIRST_READ_WAIT_MS = 1500;

// While the home page renders without the runtime, the runtime waits for it to have shown the first read's
// ranking. The read is asked for as the page first renders: it is under way while React works.
const firstRankingHold = createFirstReadHold(() => void firstPopularApps());

/**
 * The week's most played games, most played first, as this device last read them; undefined until
 * that is known: while Dexie answers, and on a device that never read one, until the first read is over.
 */
export function usePopularApps(): PopularEntry[] | undefined {
  const { runtime, runtimeError } = usePortal();
  const data = runtime?.data ?? null;
  // What the read answered, for the moment before Dexie's live query has seen it stored.
  const [answer, setAnswer] = useState<{ data: DataSource; rows: PopularEntry[] | null } | null>(null);
  // Before the runtime has loaded: the ranking read with a plain fetch (data/firstRead.ts), or null when
  // it failed or took longer than FIRST_READ_WAIT_MS; undefined until then.
  const waiting = runtime === null && runtimeError === null && readsFirstFromNetwork();
  if (waiting) firstRankingHold.hold();
  const [first, setFirst] = useState<PopularEntry[] | null | undefined>(undefined);
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const settle = (rows: PopularEntry[] | null) => {
      // A transition, as the list's (useCatalogue.ts): the page it completes renders in slices.
      if (live) startTransition(() => setFirst((known) => (known === undefined ? rows : known)));
    };
    const timer = setTimeout(() => settle(null), FIRST_READ_WAIT_MS);
    void firstPopularApps().then(settle);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [waiting]);
  // Once the first read's ranking is on screen (or there is none to show), the runtime may load.
  useEffect(() => {
    if (first !== undefined) firstRankingHold.release();
  }, [first]);
  useEffect(() => {
    if (data === null) return;
    let live = true;
    const settle = (rows: PopularEntry[] | null) => {
      if (live) setAnswer((known) => (known?.data === data && known.rows !== null ? known : { data, rows }));
    };
    const timer = setTimeout(() => settle(null), FIRST_READ_WAIT_MS);
    void (isOnline() ? sharedRefreshPopularApps(data) : Promise.resolve(null)).then(settle);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [data]);
  // Tagged with its source, so an answer read before the runtime came is not taken for the ranking.
  const read = useLiveRead(async () => ({ data, stored: data === null ? null : await readPopularApps(data) }), [data]);
  if (runtimeError !== null) return NONE;
  // The first read's ranking stands until the runtime's reads have one of their own.
  const firstKnown = first === undefined ? undefined : (first ?? NONE);
  if (data === null || read === undefined || read.data !== data) return firstKnown;
  if (read.stored !== null) return read.stored;
  if (answer === null || answer.data !== data) return firstKnown;
  return answer.rows ?? NONE;
}
