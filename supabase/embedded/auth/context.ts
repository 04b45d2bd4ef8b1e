// What every flow of the auth service is built with: the backend's options, the shared rate limits
// and the sessions it issues and checks.
import type { Database } from '../database.ts';
import type { Keys } from '../jwt.ts';
import type { AuthRateLimits } from '../limits.ts';
import type { PasswordHasher } from '../password-hasher.ts';
import type { AuthGuards } from './guards.ts';
import type { Sessions } from './sessions.ts';

export interface AuthOptions {
  db: Database;
  keys: Keys;
  baseUrl: () => string;
  accessTokenTtlSeconds: number;
  /** Where recovery links land when redirect_to is missing or not allowed. */
  siteUrl: () => string;
  log: (line: string) => void;
  hasher: PasswordHasher;
  limits: AuthRateLimits;
  /** [auth.email] enable_confirmations: a new account signs in only after following its mailed link. */
  confirmEmail: boolean;
  /** config.toml's site_url and additional_redirect_urls: other places a mailed link may lead. */
  redirectUrls: readonly string[];
}

export interface AuthContext {
  readonly o: AuthOptions;
  readonly guards: AuthGuards;
  readonly sessions: Sessions;
}
