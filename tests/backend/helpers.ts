// Shared set-up for the gateway tests: an in-process backend on a free port, driven by supabase-js.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { SUPABASE_DIR } from '../../supabase/embedded/database.ts';
import { startBackend, type Backend, type BackendOptions } from '../../supabase/embedded/server.ts';
import { fetchFrom } from './from-address.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURE_MIGRATIONS = join(here, 'fixtures', 'migrations');
export const FIXTURE_SEED = join(here, 'fixtures', 'seed.sql');

/** Where accounts are dated a month back at sign-up (fixtures/established.sql): students past their first day. */
export const ESTABLISHED_DOMAIN = 'established.test';

let productSeedWithEstablished: string | undefined;

/**
 * The product's seed, then fixtures/established.sql, as one file for a backend's `seedFile`: suites
 * about something else sign up established students, not held to the chat's first-day limit.
 */
export function establishedSeed(): string {
  if (!productSeedWithEstablished) {
    const dir = mkdtempSync(join(tmpdir(), 'backend-seed-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    productSeedWithEstablished = join(dir, 'seed.sql');
    writeFileSync(
      productSeedWithEstablished,
      `${readFileSync(join(SUPABASE_DIR, 'seed.sql'), 'utf8')}\n${readFileSync(join(here, 'fixtures', 'established.sql'), 'utf8')}`,
    );
  }
  return productSeedWithEstablished;
}

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

/** A client of `backend`; with `device`, every request it makes comes from that local address. */
export function client(backend: Pick<Backend, 'url' | 'anonKey'>, key = backend.anonKey, device?: string): SupabaseClient {
  return createClient(backend.url, key, {
    // Node 20 has no global WebSocket; supabase-js needs one at createClient.
    realtime: { transport: WebSocket as never },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(device === undefined ? {} : { global: { fetch: fetchFrom(device) } }),
  });
}

let counter = 0;

export interface NewUserOptions {
  /** The local address all of the user's requests come from (default: this machine's 127.0.0.1). */
  device?: string;
  /** Sign up at ESTABLISHED_DOMAIN: the backend must have been started with establishedSeed(). */
  established?: boolean;
}

/** A signed-up, signed-in user with its own client. */
export async function newUser(backend: Backend, username?: string, options: NewUserOptions = {}) {
  counter += 1;
  const name = username ?? `player${counter}_${Date.now() % 100000}`;
  const email = `${name.toLowerCase()}@${options.established ? ESTABLISHED_DOMAIN : 'example.test'}`;
  const password = 'correct horse battery';
  const supabase = client(backend, backend.anonKey, options.device);
  const { data, error } = await supabase.auth.signUp({ email, password, options: { data: { username: name } } });
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
  return { supabase, email, password, username: name, id: data.user.id, session: data.session, device: options.device };
}

/** Raw HTTP against the backend, for what supabase-js would never send. */
export function raw(backend: Backend, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', backend.anonKey);
  return fetch(`${backend.url}${path}`, { ...init, headers, redirect: 'manual' });
}
