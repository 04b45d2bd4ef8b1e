// The live reads every area hook renders from: what dexie-react-hooks' useLiveQuery did, with Dexie reached
// through the data runtime (data/live.ts). With that package imported, Dexie (31 KB gzip) came with every page's
// chunk, and the home page's largest paint, its featured picture, waited for it on a first visit; the
// page's first render needs none of it, since before the runtime there is nothing in Dexie to read.
import { useEffect, useState, type DependencyList } from 'react';
import { liveRead } from '../data/live.ts';
import { usePortal } from './portal.tsx';

interface Answer<T> {
  value: T | undefined;
  failed: boolean;
  error?: unknown;
}

/**
 * What `query` answers, undefined until it first has; once the runtime has loaded, answered again whenever
 * a table it read changes. Before the runtime, `query` runs once, as useLiveQuery ran it: it sees no data
 * source and answers what the page shows without one. A new list of `deps` reads again, the last answer
 * standing meanwhile; a failed read is thrown, for the page's error boundary.
 */
export function useLiveRead<T>(query: () => T | Promise<T>, deps: DependencyList): T | undefined {
  const data = usePortal().runtime?.data ?? null;
  const [answer, setAnswer] = useState<Answer<T>>({ value: undefined, failed: false });
  useEffect(() => {
    const next = (value: T) => setAnswer((known) => (!known.failed && Object.is(known.value, value) ? known : { value, failed: false }));
    const fail = (error: unknown) => setAnswer((known) => ({ value: known.value, failed: true, error }));
    if (data === null) {
      let live = true;
      Promise.resolve()
        .then(query)
        .then(
          (value) => live && next(value),
          (error: unknown) => live && fail(error),
        );
      return () => {
        live = false;
      };
    }
    const subscription = liveRead(data, query).subscribe({ next, error: fail });
    return () => subscription.unsubscribe();
    // The caller's list, checked where it is written (eslint.config.js names this hook to the rule).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, ...deps]);
  if (answer.failed) throw answer.error;
  return answer.value;
}
