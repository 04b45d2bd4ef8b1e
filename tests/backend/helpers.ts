// Shared set-up for the gateway tests: an in-process backend on a free port, driven by supabase-js.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { startBackend, type Backend, type BackendOptions } from '../../supabase/embedded/server.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURE_MIGRATIONS = join(here, 'fixtures', 'migrations');
export const FIXTURE_SEED = join(here, 'fixtures', 'seed.sql');

export function startFixtureBackend(options: Partial<BackendOptions> = {}): Promise<Backend> {
  return startBackend({
    port: 0,
    dataDir: 'memory',
    quiet: true,
    migrationsDir: FIXTURE_MIGRATIONS,
    seedFile: FIXTURE_SEED,
    ...options,
  });
}

export function client(backend: Pick<Backend, 'url' | 'anonKey'>, key = backend.anonKey): SupabaseClient {
  return createClient(backend.url, key, {
    // Node 20 has no global WebSocket; supabase-js needs one at createClient.
    realtime: { transport: WebSocket as never },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

let counter = 0;

/** A signed-up, signed-in user with its own client. */
export async function newUser(backend: Backend, username?: string) {
  counter += 1;
  const name = username ?? `player${counter}_${Date.now() % 100000}`;
  const email = `${name.toLowerCase()}@example.test`;
  const password = 'correct horse battery';
  const supabase = client(backend);
  const { data, error } = await supabase.auth.signUp({ email, password, options: { data: { username: name } } });
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
  return { supabase, email, password, username: name, id: data.user.id, session: data.session };
}

/** Raw HTTP against the backend, for what supabase-js would never send. */
export function raw(backend: Backend, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', backend.anonKey);
  return fetch(`${backend.url}${path}`, { ...init, headers, redirect: 'manual' });
}
