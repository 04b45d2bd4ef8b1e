// What the operator tools (`npm run catalogue`, `npm run moderator`) share: the backend they talk to,
// as the service role, and how they read its key from the embedded backend's data folder.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The embedded backend's data folder when none is given (as `npm start` and `npm run backend` use it). */
export const DEFAULT_DATA_DIR = join(ROOT, '.data');
/** Where `npm start` serves the portal and its API when given no --port. */
export const DEFAULT_PORTAL_URL = 'http://127.0.0.1:4173';

export interface BackendTarget {
  url: string;
  key: string;
}

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

export const consoleIo: Io = { out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`), err: (text) => console.error(text) };

/** The command was given wrongly: said with the usage, exit code 2. */
export class UsageError extends Error {}

/** The backend said no, or could not be reached: what it said, for the operator. */
export class BackendError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export async function request(target: BackendTarget, path: string, init: RequestInit = {}): Promise<unknown> {
  const headers = new Headers(init.headers);
  headers.set('apikey', target.key);
  headers.set('authorization', `Bearer ${target.key}`);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await fetch(new URL(path, target.url), { ...init, headers });
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new BackendError(`the backend at ${target.url} did not answer (${reason}): is it running, and is --url its address?`, null);
  }
  const text = await response.text();
  if (!response.ok) {
    let said = text;
    try {
      const body = JSON.parse(text) as { message?: unknown; details?: unknown };
      if (typeof body.message === 'string') said = typeof body.details === 'string' && body.details !== '' ? `${body.message} (${body.details})` : body.message;
    } catch {
      // Not JSON: the text itself is what the backend said.
    }
    const hint = response.status === 401 || response.status === 403 ? ': give the service-role key with --key (not the anon key)' : '';
    throw new BackendError(`the backend answered ${response.status}: ${said}${hint}`, response.status);
  }
  return text === '' ? null : JSON.parse(text);
}

export async function keyFromDataDir(dataDir: string): Promise<string> {
  const file = join(dataDir, 'secrets.json');
  let stored: { service_role_key?: unknown };
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as typeof stored;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message;
    throw new UsageError(`no --key given, and the embedded backend's key could not be read from ${file} (${reason}): give --key, or --data-dir of the backend`);
  }
  if (typeof stored.service_role_key !== 'string') {
    throw new UsageError(`no --key given, and ${file} holds no service_role_key yet: start the backend once (npm start), or give --key`);
  }
  return stored.service_role_key;
}
