// The data layer against the real embedded backend: the product's migrations and seed behind the
// gateway, supabase-js as the portal uses it, and a Dexie mirror of its own in fake-indexeddb.
import 'fake-indexeddb/auto';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import type { PortalDB } from '../../../src/data/db.ts';
import { createDataSource, type DataSource } from '../../../src/data/source.ts';
import { startBackend, type Backend } from '../../../supabase/embedded/server.ts';
import { freshDb } from '../../unit/sync/fakes.ts';
import { client, newUser } from '../helpers.ts';

export function startProductBackend(): Promise<Backend> {
  return startBackend({ port: 0, dataDir: 'memory', quiet: true });
}

/** A client of the product's typed shape, signed out. */
export function portalClient(backend: Backend): PortalSupabase {
  return client(backend);
}

export interface Device {
  supabase: PortalSupabase;
  db: PortalDB;
  data: DataSource;
}

/** What a browser holds: a client and its own mirror, wrapped as the runtime does. */
export function device(supabase: PortalSupabase): Device {
  const { db } = freshDb();
  return { supabase, db, data: createDataSource(supabase, db) };
}

export type Student = Device & { id: string; email: string; password: string };

/** A signed-up, signed-in student with a profile, on a device of their own. */
export async function student(backend: Backend, name?: string): Promise<Student> {
  const user = await newUser(backend, name);
  const supabase = user.supabase as unknown as PortalSupabase;
  const { error } = await supabase.rpc('ensure_profile');
  if (error) throw new Error(`ensure_profile failed: ${error.message}`);
  return { ...device(supabase), id: user.id, email: user.email, password: user.password };
}

async function asService(backend: Backend, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${backend.url}${path}`, {
    method: 'POST',
    headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
}

/** Coins the way an operator grants them: a coins_transactions row written by the service role. */
export function credit(backend: Backend, userId: string, amt: number, why = 'test grant'): Promise<void> {
  return asService(backend, '/rest/v1/coins_transactions', { user_id: userId, amt, why });
}

/** Makes a student an approved creator, as an operator does. */
export function grantCreator(backend: Backend, userId: string): Promise<void> {
  return asService(backend, '/rest/v1/creators', { user_id: userId, granted_by: 'data-layer test' });
}

/** Calls a mutation's RPC as the student, as the sync engine would, with a fresh client id. */
export async function applied(who: Student, fn: string, args: Record<string, unknown>): Promise<unknown> {
  const { data, error } = await (who.supabase as unknown as { rpc: (f: string, a: unknown) => Promise<{ data: unknown; error: { message: string } | null }> }).rpc(fn, {
    ...args,
    p_client_id: crypto.randomUUID(),
  });
  if (error) throw new Error(`${fn} failed: ${error.message}`);
  return data;
}
