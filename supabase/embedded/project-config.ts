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
  /**
   * [auth] site_url and additional_redirect_urls: where a mailed link may lead (`redirect_to`), besides
   * the backend's own origin and the site it serves.
   */
  redirectUrls: string[];
}

export const DEFAULT_CONFIG_FILE = join(SUPABASE_DIR, 'config.toml');

/** The settings of a config.toml's text; a missing key takes the Supabase CLI's default. */
export function parseProjectConfig(text: string): ProjectConfig {
  let toml: { auth?: { site_url?: unknown; additional_redirect_urls?: unknown; email?: { enable_confirmations?: unknown } } };
  try {
    toml = parse(text);
  } catch (error) {
    throw new ConfigError(`config.toml is not valid TOML: ${(error as Error).message}`);
  }
  const confirmations = toml.auth?.email?.enable_confirmations;
  if (confirmations !== undefined && typeof confirmations !== 'boolean') {
    throw new ConfigError('[auth.email] enable_confirmations in config.toml must be true or false');
  }
  const site = toml.auth?.site_url;
  const additional = toml.auth?.additional_redirect_urls ?? [];
  if (site !== undefined && !isHttpUrl(site)) throw new ConfigError('[auth] site_url in config.toml must be an http(s) URL');
  if (!Array.isArray(additional) || !additional.every(isHttpUrl)) {
    throw new ConfigError('[auth] additional_redirect_urls in config.toml must be a list of http(s) URLs');
  }
  return { confirmEmail: confirmations ?? false, redirectUrls: [...(site === undefined ? [] : [site]), ...additional] };
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
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
