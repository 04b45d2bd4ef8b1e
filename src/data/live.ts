// Reads watched for changes: the mirror's live queries, for the hooks of src/state and the outbox watch.
import type { Observable } from 'dexie';
import { partsOf, type DataSource } from './source.ts';

/** What `query` answers, answered again whenever a table it read changes. */
export function liveRead<T>(source: DataSource, query: () => T | Promise<T>): Observable<T> {
  return partsOf(source).db.live(query);
}
