// The data layer's contract with the backend: the product's migrations and seed behind a Supabase API,
// supabase-js as the portal uses it, and a Dexie mirror of its own in fake-indexeddb. By default the
// API is an embedded backend started here; CONTRACT_API_URL with CONTRACT_ANON_KEY and
// CONTRACT_SERVICE_ROLE_KEY points the same tests at another one (`supabase start`, a scratch hosted
// project, an embedded backend run apart): see "Contract tests" in supabase/README.md.
import 'fake-indexeddb/auto';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import type { PortalDB } from '../../../src/store/db.ts';
import { createDataSource, type DataSource } from '../../../src/data/source.ts';
import { startBackend } from '../../../supabase/embedded/server.ts';
import { freshDb } from '../../unit/sync/fakes.ts';
import { client } from '../helpers.ts';

export interface ContractTarget {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Whether a new account must follow a mailed link before it signs in (the target's "Confirm email"). */
  confirmEmail: boolean;
  /** The link of the newest mail of this kind to `email`. */
  mailedLink(email: string, type: 'signup' | 'recovery'): Promise<string>;
  close(): Promise<void>;
}

/** The links of an embedded-style mailbox page (the embedded backend's /mailbox), newest first. */
async function mailboxLink(page: string, email: string, type: string): Promise<string> {
  const html = await (await fetch(page)).text();
  for (const mail of html.split('<article>').slice(1)) {
    if (!mail.includes(email)) continue;
    const href = new RegExp(`href="([^"]+type=${type}[^"]*)"`).exec(mail)?.[1];
    if (href !== undefined) return href.replaceAll('&amp;', '&');
  }
  throw new Error(`no ${type} mail for ${email} in ${page}`);
}

/** The newest link of `type` to `email` in a Mailpit mail catcher (what `supabase start` runs), by its API. */
async function mailpitLink(base: string, email: string, type: string): Promise<string> {
  const found = (await (await fetch(`${base}/api/v1/search?query=${encodeURIComponent(`to:"${email}"`)}`)).json()) as { messages?: { ID: string }[] };
  for (const { ID } of found.messages ?? []) {
    const message = (await (await fetch(`${base}/api/v1/message/${ID}`)).json()) as { Text?: string; HTML?: string };
    const link = new RegExp(`https?://[^\\s"<>]+type=${type}[^\\s"<>]*`).exec(`${message.Text ?? ''} ${message.HTML ?? ''}`)?.[0];
    if (link !== undefined) return link.replaceAll('&amp;', '&');
  }
  throw new Error(`no ${type} mail for ${email} in ${base}`);
}

async function confirmsEmail(url: string, anonKey: string): Promise<boolean> {
  const settings = (await (await fetch(`${url}/auth/v1/settings`, { headers: { apikey: anonKey } })).json()) as { mailer_autoconfirm?: boolean };
  return settings.mailer_autoconfirm === false;
}

/** The backend the data tests run against: CONTRACT_API_URL's, or an embedded one of their own. */
export async function startProductBackend(): Promise<ContractTarget> {
  const url = process.env.CONTRACT_API_URL;
  if (url) {
    const anonKey = process.env.CONTRACT_ANON_KEY;
    const serviceRoleKey = process.env.CONTRACT_SERVICE_ROLE_KEY;
    if (!anonKey || !serviceRoleKey) throw new Error('CONTRACT_API_URL needs CONTRACT_ANON_KEY and CONTRACT_SERVICE_ROLE_KEY');
    const mailpit = process.env.CONTRACT_MAILPIT_URL;
    const mailbox = process.env.CONTRACT_MAILBOX_URL ?? `${url}/mailbox`;
    return {
      url,
      anonKey,
      serviceRoleKey,
      confirmEmail: await confirmsEmail(url, anonKey),
      mailedLink: (email, type) => (mailpit ? mailpitLink(mailpit, email, type) : mailboxLink(mailbox, email, type)),
      close: async () => undefined,
    };
  }
  const backend = await startBackend({ port: 0, dataDir: 'memory', quiet: true });
  return {
    url: backend.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    confirmEmail: await confirmsEmail(backend.url, backend.anonKey),
    mailedLink: (email, type) => mailboxLink(`${backend.url}/mailbox`, email, type),
    close: () => backend.close(),
  };
}

/** A client of the product's typed shape, signed out. */
export function portalClient(backend: ContractTarget): PortalSupabase {
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

let accounts = 0;

/**
 * A confirmed account, made as an operator makes one (GoTrue's admin API with the service key, so the
 * target's "Confirm email" does not matter), then signed in on a client of its own.
 */
export async function account(backend: ContractTarget, name?: string) {
  accounts += 1;
  const username = name ?? `player${accounts}_${Date.now() % 100000}`;
  const email = `${username.toLowerCase()}_${crypto.randomUUID().slice(0, 8)}@example.test`;
  const password = 'correct horse battery';
  const made = await fetch(`${backend.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { username } }),
  });
  if (!made.ok) throw new Error(`creating ${email} failed: ${made.status} ${await made.text()}`);
  const supabase = client(backend) as unknown as PortalSupabase;
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error || !data.user) throw new Error(`signing in ${email} failed: ${error?.message ?? 'no user'}`);
  return { supabase, email, password, username, id: data.user.id };
}

/** A signed-in student with a profile, on a device of their own. */
export async function student(backend: ContractTarget, name?: string): Promise<Student> {
  const user = await account(backend, name);
  const { error } = await user.supabase.rpc('ensure_profile');
  if (error) throw new Error(`ensure_profile failed: ${error.message}`);
  return { ...device(user.supabase), id: user.id, email: user.email, password: user.password };
}

async function asService(backend: ContractTarget, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${backend.url}${path}`, {
    method: 'POST',
    headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
}

/** Coins the way an operator grants them: a coins_transactions row written by the service role. */
export function credit(backend: ContractTarget, userId: string, amt: number, why = 'test grant'): Promise<void> {
  return asService(backend, '/rest/v1/coins_transactions', { user_id: userId, amt, why });
}

/** Makes a student an approved creator, as an operator does. */
export function grantCreator(backend: ContractTarget, userId: string): Promise<void> {
  return asService(backend, '/rest/v1/creators', { user_id: userId, granted_by: 'data-layer test' });
}

/** Makes a student a moderator, as an operator does. */
export function appointModerator(backend: ContractTarget, userId: string): Promise<void> {
  return asService(backend, '/rest/v1/moderators', { user_id: userId, granted_by: 'data-layer test' });
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
