// What the live-update benchmarks share (issue 28): `npm start` in a process of its own, and the
// devices of a classroom, each a supabase-js client with its HTTP and its websocket from a loopback
// address of its own, as the app connects.
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { fetchFrom } from '../backend/from-address.ts';
import { PORTAL_ROOT } from './browser.ts';

export interface Portal {
  child: ChildProcess;
  url: string;
  anonKey: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `npm start` on a free port with its data and build in `work`: resolves once the portal is built and served. */
export async function startPortal(work: string): Promise<Portal> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['scripts/start.mjs', '--port', String(port), '--data-dir', join(work, 'data'), '--out-dir', join(work, 'site')],
    { cwd: PORTAL_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let anonKey = '';
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      anonKey = /anon key: (\S+)/.exec(line)?.[1] ?? anonKey;
      if (line.startsWith('Portal: ')) resolve({ child, url: `http://127.0.0.1:${port}`, anonKey });
    });
    child.once('exit', (code) => reject(new Error(`npm start stopped (exit ${code})`)));
  });
}

export async function stopPortal(portal: Portal): Promise<void> {
  portal.child.kill('SIGTERM');
  await new Promise((resolve) => portal.child.once('exit', resolve));
}

/** The `i`th device of a classroom: a loopback address of its own (127.0.10.2, 127.0.10.3, ...). */
export const deviceAddress = (i: number) => `127.0.${Math.floor(i / 250) + 10}.${(i % 250) + 2}`;

/** supabase-js as the app makes it, with its HTTP and its websocket from `address`. */
export function deviceClient(portal: Pick<Portal, 'url' | 'anonKey'>, address: string): SupabaseClient {
  class FromAddress extends WebSocket {
    constructor(target: string | URL, protocols?: string | string[]) {
      super(target, protocols, { localAddress: address });
    }
  }
  return createClient(portal.url, portal.anonKey, {
    realtime: { transport: FromAddress as never },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchFrom(address) },
  });
}

export interface Student {
  session: Session;
  userId: string;
  /** As their profile has it (what a friend request names). */
  username: string;
}

/** A new student signed in on `supabase`, with their profile made, as the portal's sign-up does. */
export async function signUp(supabase: SupabaseClient, name: string): Promise<Student> {
  const { data, error } = await supabase.auth.signUp({ email: `${name}@example.test`, password: 'correct horse battery', options: { data: { username: name } } });
  if (error || !data.session) throw new Error(`sign-up of ${name}: ${error?.message ?? 'no session'}`);
  const profile = await supabase.rpc('ensure_profile');
  if (profile.error) throw new Error(`profile of ${name}: ${profile.error.message}`);
  return { session: data.session, userId: data.session.user.id, username: (profile.data as { username: string }).username };
}
