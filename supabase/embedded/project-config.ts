// What the embedded backend honours of supabase/config.toml, the file `supabase start` and hosted
// projects are configured from, so one switch behaves the same locally and there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { SUPABASE_DIR } from './database.ts';

/** A config.toml that cannot be read or holds a wrong value; its message says which. */
export class ConfigError extends Error {}

export interface ProjectConfig {
  /** [auth.email] enable_confirmations: new accounts confirm their address before signing in. */
  confirmEmail: boolean;
}

export const DEFAULT_CONFIG_FILE = join(SUPABASE_DIR, 'config.toml');

/** The settings of a config.toml's text; a missing key takes the Supabase CLI's default. */
export function parseProjectConfig(text: string): ProjectConfig {
  let toml: { auth?: { email?: { enable_confirmations?: unknown } } };
  try {
    toml = parse(text);
  } catch (error) {
    throw new ConfigError(`config.toml is not valid TOML: ${(error as Error).message}`);
  }
  const confirmations = toml.auth?.email?.enable_confirmations;
  if (confirmations !== undefined && typeof confirmations !== 'boolean') {
    throw new ConfigError('[auth.email] enable_confirmations in config.toml must be true or false');
  }
  return { confirmEmail: confirmations ?? false };
}

export function readProjectConfig(file: string = DEFAULT_CONFIG_FILE): ProjectConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`Could not read ${file}: ${(error as Error).message}`);
  }
  return parseProjectConfig(text);
}
