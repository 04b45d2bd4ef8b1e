// The handle the UI holds on the data layer. Features receive it (runtime.data) and hand it to the reads,
// queries and actions of src/data; they cannot reach inside it, so the Supabase client and the Dexie
// database stay within src/data, src/sync, src/backend and src/state/runtime.ts.
import type { PortalSupabase } from '../backend/supabase.ts';
import type { PortalDB } from '../store/db.ts';

declare const opaque: unique symbol;

/** Opaque outside src/data: the only things to do with it are to pass it on and to compare it. */
export interface DataSource {
  readonly [opaque]: true;
}

export interface DataParts {
  readonly supabase: PortalSupabase;
  readonly db: PortalDB;
}

const partsBySource = new WeakMap<DataSource, DataParts>();

export function createDataSource(supabase: PortalSupabase, db: PortalDB): DataSource {
  const source = Object.freeze({}) as DataSource;
  partsBySource.set(source, { supabase, db });
  return source;
}

/** The client and the mirror behind a source: for the modules of src/data only. */
export function partsOf(source: DataSource): DataParts {
  const parts = partsBySource.get(source);
  if (parts === undefined) throw new Error('This DataSource was not made by createDataSource.');
  return parts;
}
