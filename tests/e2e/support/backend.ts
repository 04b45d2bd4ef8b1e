// What e2e tests need to reach the embedded backend the suite started (see playwright.config.ts),
// and to sign a new student in without going through the auth screens every time.
import type { Page } from '@playwright/test';
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fetchFrom } from '../../backend/from-address.ts';
import { Keys } from '../../../supabase/embedded/jwt.ts';
import { SECRETS_FILE } from '../../../supabase/embedded/secrets.ts';
import { API_PATHS } from '../../../supabase/embedded/site.ts';

/** `npm start` serves the API on the portal's own origin (see playwright.config.ts). */
export const backendUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;

/**
 * The backend's requests, for page.route: the API paths of any origin on this machine's loopback (the
 * suite's, or a copy of the portal a test serves on a port of its own), never the app's own files.
 */
export function isBackendRequest(url: URL): boolean {
  return url.hostname === new URL(backendUrl).hostname && API_PATHS.test(url.pathname);
}

/** The secret the suite's backend made in its data folder on first start (see playwright.config.ts). */
export function suiteJwtSecret(): string {
  const file = join(process.env.E2E_DATA_DIR!, 'data', SECRETS_FILE);
  return (JSON.parse(readFileSync(file, 'utf8')) as { jwt_secret: string }).jwt_secret;
}

let keys: Promise<Keys> | undefined;
export async function localKeys(): Promise<Keys> {
  keys ??= Keys.create(suiteJwtSecret());
  return keys;
}

/** supabase-js keeps its session under sb-<first label of the API host>-auth-token. */
export const authStorageKey = `sb-${new URL(backendUrl).hostname.split('.')[0]}-auth-token`;

export interface Student {
  email: string;
  password: string;
  userId: string;
  accessToken: string;
}

let counter = 0;
export function uniqueEmail(prefix = 'student'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}

/**
 * Signs a new student up through the auth API and returns the session supabase-js would store.
 * `base` is another embedded backend a test runs itself (same keys), the suite's by default.
 */
export async function signUpViaApi(
  email = uniqueEmail(),
  password = 'correct-horse-9',
  base = backendUrl,
): Promise<{ student: Student; session: unknown }> {
  const { anonKey } = await localKeys();
  const response = await fetch(`${base}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return { student: { email, password, userId: session.user.id, accessToken: session.access_token }, session };
}

/** A signed-in student on the given page: the session is stored before the app's scripts run. */
export async function signInNewStudent(page: Page, email?: string, base = backendUrl): Promise<Student> {
  const { student, session } = await signUpViaApi(email, undefined, base);
  await page.addInitScript(
    ([key, value]) => {
      if (window.localStorage.getItem(key as string) === null) window.localStorage.setItem(key as string, value as string);
    },
    [authStorageKey, JSON.stringify(session)],
  );
  return student;
}

/** The same student signed in on another page (another device): a session of its own, from the password grant. */
export async function signInExistingStudent(page: Page, student: Student, base = backendUrl): Promise<void> {
  const { anonKey } = await localKeys();
  const response = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: student.email, password: student.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const session = JSON.stringify(await response.json());
  await page.addInitScript(
    ([key, value]) => {
      if (window.localStorage.getItem(key as string) === null) window.localStorage.setItem(key as string, value as string);
    },
    [authStorageKey, session],
  );
}

async function callRpc<T>(apikey: string, token: string, fn: string, args: Record<string, unknown>, base: string): Promise<T> {
  const response = await fetch(`${base}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!response.ok) throw new Error(`rpc ${fn} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Calls an RPC as the service role (to set up or inspect server state a student cannot touch). */
export async function serviceRpc<T>(fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const { serviceRoleKey } = await localKeys();
  return callRpc<T>(serviceRoleKey, serviceRoleKey, fn, args, backendUrl);
}

/** Calls an RPC as the student, with the access token of their sign-up. */
export async function studentRpc<T>(student: Student, fn: string, args: Record<string, unknown>, base = backendUrl): Promise<T> {
  const { anonKey } = await localKeys();
  return callRpc<T>(anonKey, student.accessToken, fn, args, base);
}

/**
 * A device of its own: a loopback address (all of 127.0.0.0/8 is this machine, and no other machine can
 * send from it), picked at random so the suite's workers do not share one. The browser pages and every
 * other helper come from 127.0.0.1, which the chat's per-device limit counts as one device for all of
 * them, in both workers at once, unless a BackendLink sends a page's requests from one of these.
 */
export function ownDevice(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

const devices = new Map<string, string>();

/** The student's own device (see ownDevice), the same one for each of their calls. */
function deviceOf(student: Student): string {
  let device = devices.get(student.userId);
  if (device === undefined) {
    device = ownDevice();
    devices.set(student.userId, device);
  }
  return device;
}

/** Posts a chat message as the student, from the student's own device (see deviceOf); its id. */
export async function studentSays(student: Student, body: string): Promise<number> {
  const { anonKey } = await localKeys();
  const response = await fetchFrom(deviceOf(student))(`${backendUrl}/rest/v1/rpc/send_chat_message`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${student.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_body: body, p_client_id: randomUUID() }),
  });
  if (!response.ok) throw new Error(`send_chat_message failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** Opens a game as the student, from the student's own device (see deviceOf): "Popular this week" counts devices. */
export async function studentPlays(student: Student, appId: string): Promise<void> {
  const { anonKey } = await localKeys();
  const response = await fetchFrom(deviceOf(student))(`${backendUrl}/rest/v1/rpc/record_app_played`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${student.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_app_id: appId, p_client_id: randomUUID() }),
  });
  if (!response.ok) throw new Error(`record_app_played failed: ${response.status} ${await response.text()}`);
}

/** Reads a table as the service role, e.g. the ledger, to check what the server holds. */
export async function serviceSelect<T>(table: string, query: string, base = backendUrl): Promise<T[]> {
  const { serviceRoleKey } = await localKeys();
  const response = await fetch(`${base}/rest/v1/${table}?${query}`, {
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` },
  });
  if (!response.ok) throw new Error(`select ${table} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T[];
}

/** Inserts a row as the service role: what an operator does (grant creator status, credit coins). */
export async function serviceInsert(table: string, row: Record<string, unknown>): Promise<void> {
  const { serviceRoleKey } = await localKeys();
  const response = await fetch(`${backendUrl}/rest/v1/${table}`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify(row),
  });
  if (!response.ok) throw new Error(`insert into ${table} failed: ${response.status} ${await response.text()}`);
}

/** Approves a score as the moderation desk would, through the service role: a fixture's shortcut. */
export async function serviceApproveScore(submissionId: number): Promise<void> {
  const { serviceRoleKey } = await localKeys();
  const response = await fetch(`${backendUrl}/rest/v1/leaderboard_submissions?id=eq.${submissionId}`, {
    method: 'PATCH',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify({ review: 'approved' }),
  });
  if (!response.ok) throw new Error(`approving score ${submissionId} failed: ${response.status} ${await response.text()}`);
}

/** A real 1x1 PNG: the proof of a high score. */
const PROOF_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Stores a proof image as the student, through the Storage API, at `submissions/{path}`; the answer as it came. */
export async function uploadProof(student: Student, path: string): Promise<Response> {
  const { anonKey } = await localKeys();
  return fetch(`${backendUrl}/storage/v1/object/submissions/${path}`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${student.accessToken}`, 'content-type': 'image/png' },
    body: PROOF_PNG,
  });
}
