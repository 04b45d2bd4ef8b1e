// The signing secret and the API keys of one data folder. A new folder gets a random secret on its
// first start, kept in secrets.json beside the database (readable by its owner only), so every
// installation signs with its own. Supabase's published demo secret, with which anyone can mint a
// service-role token, is used only when asked for by name (--demo-keys).
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The secret of the Supabase CLI's local stack: public, so never a default. */
export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export const SECRETS_FILE = 'secrets.json';

export interface SecretChoice {
  /** A secret the operator gave (the JWT_SECRET variable, or a test's own). */
  jwtSecret?: string | undefined;
  /** The published demo secret, for tools that expect the CLI's demo keys. */
  demo?: boolean | undefined;
}

export interface Secrets {
  jwtSecret: string;
  /** Where the secret came from, for the start-up lines. */
  source: 'given' | 'demo' | 'data folder' | 'new' | 'memory';
  /** The file that keeps it (and the keys made from it), when the data folder does. */
  file: string | null;
}

export class WeakSecretError extends Error {}

const newSecret = () => randomBytes(32).toString('base64url');

/** The secret of `dataDir` (null: an in-memory database), made and kept on first use. */
export function loadSecrets(dataDir: string | null, choice: SecretChoice = {}): Secrets {
  if (choice.jwtSecret !== undefined) {
    if (choice.jwtSecret.length < 32) throw new WeakSecretError('JWT_SECRET must be at least 32 characters long.');
    return { jwtSecret: choice.jwtSecret, source: 'given', file: null };
  }
  if (choice.demo) return { jwtSecret: DEMO_JWT_SECRET, source: 'demo', file: null };
  if (dataDir === null) return { jwtSecret: newSecret(), source: 'memory', file: null };
  const file = join(dataDir, SECRETS_FILE);
  try {
    writeFileSync(file, JSON.stringify({ jwt_secret: newSecret() }, null, 2), { flag: 'wx', mode: 0o600 });
    return { jwtSecret: readSecret(file), source: 'new', file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // A copy or an unpacked backup may have lost the mode: the file holds the keys to every account.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return { jwtSecret: readSecret(file), source: 'data folder', file };
}

function readSecret(file: string): string {
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { jwt_secret?: unknown };
  if (typeof stored.jwt_secret !== 'string' || stored.jwt_secret.length < 32) {
    throw new WeakSecretError(`${file} holds no usable jwt_secret: remove the file to make a new one (every session then signs out).`);
  }
  return stored.jwt_secret;
}

/** Writes the API keys beside the secret, so an operator finds the service-role key without it being printed. */
export function recordKeys(secrets: Secrets, keys: { anonKey: string; serviceRoleKey: string }): void {
  if (!secrets.file) return;
  const stored = JSON.parse(readFileSync(secrets.file, 'utf8')) as Record<string, unknown>;
  if (stored.anon_key === keys.anonKey && stored.service_role_key === keys.serviceRoleKey) return;
  writeFileSync(secrets.file, JSON.stringify({ ...stored, anon_key: keys.anonKey, service_role_key: keys.serviceRoleKey }, null, 2), { mode: 0o600 });
}
