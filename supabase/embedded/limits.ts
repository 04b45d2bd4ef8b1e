// Every bound the embedded backend keeps on what one request may ask for, in one place. Each exists
// so that no request, however it is written, can wedge or starve the backend for everyone else
// (issue #17); the tests in tests/backend/security name them from here.

export const LIMITS = {
  /** One transaction's time on the database; past it the database thread is stopped and reopened. */
  transactionBudgetMs: 5000,
  /** Requests of one client (one network address) waiting for the database at once. */
  waitingRequestsPerClient: 256,

  /** Request line and headers together; longer is refused with 431 before anything else. */
  headerBytes: 16 * 1024,
  /** A JSON body of the REST API and edge functions. */
  jsonBodyBytes: 1024 * 1024,
  /** A JSON body of the auth API: an e-mail, a password and a little metadata. */
  authBodyBytes: 64 * 1024,
  /** Arrays and objects inside one another in a JSON body. */
  jsonDepth: 64,

  /** Rows one read returns at most (supabase/config.toml's api.max_rows, as PostgREST applies it). */
  maxRows: 1000,
  /** Embedded resources inside one another in `select=`. */
  embedDepth: 3,
  /** Embedded resources in one request, at every depth together. */
  embeds: 12,
  /** and=/or= groups inside one another. */
  logicDepth: 8,
  /** Filter conditions in one request, inside groups or not. */
  conditions: 100,
  /** Values in one `in.(...)` list. */
  inListValues: 500,
  /** A `like`, `ilike`, `match` or `imatch` pattern. */
  patternChars: 256,

  /** The user's metadata (`data` of sign-up and of a user update), as JSON. */
  userMetadataBytes: 4 * 1024,
  /** bcrypt reads 72 bytes of a password and ignores the rest: longer is refused, as GoTrue does. */
  passwordMaxBytes: 72,
  /** Password strength: zxcvbn's score, 3 = "safely unguessable" (about 10^8 guesses or more). */
  passwordMinScore: 3,
  /** Password checks of one client waiting for the hashing threads at once. */
  passwordChecksWaitingPerClient: 8,
  /** Wrong codes one MFA challenge takes before it is gone (a new challenge is needed). */
  totpTriesPerChallenge: 5,
  /** Wrong tries one e-mailed recovery code takes before it is gone (a new mail is needed). */
  recoveryCodeTries: 5,

  /** Realtime websockets open from one address: a device's tabs, with room to spare. */
  realtimeSocketsPerAddress: 32,
  /** Realtime websockets with a channel joined by one student, over all their devices. */
  realtimeSocketsPerUser: 16,
  /** Realtime websockets open at once, from everyone. */
  realtimeSockets: 2000,
  /** Channels one websocket may have joined (hosted Realtime's default is 100; a page joins one or two). */
  realtimeTopicsPerSocket: 16,
  /** Channel joins (each a transaction on the database) per address and minute. */
  realtimeJoinsPerAddressPerMinute: 120,
  /** One frame a client sends (a join, a heartbeat, a new token): larger closes the socket (1009). */
  realtimeFrameBytes: 64 * 1024,
  /** A websocket that sends nothing for this long is closed; clients send a heartbeat every 25 s (Phoenix's 60 s). */
  realtimeIdleMs: 60_000,
  /** What may wait unsent for a client that does not read; past it the socket is closed. */
  realtimeBufferedBytes: 1024 * 1024,
  /** A topic's name, without the `realtime:` prefix the client adds (the wire format gives it 255 bytes). */
  realtimeTopicBytes: 200,
} as const;

/**
 * The auth API's rate limits, named as supabase/config.toml's [auth.rate_limit] and with the Supabase
 * CLI's defaults where it has one. The AUTH_RATE_LIMITS variable (JSON, e.g. {"sign_in_sign_ups": 500})
 * raises or lowers them, as a test suite that signs up hundreds of students from one address must.
 */
export const AUTH_RATE_LIMITS = {
  /** Sign-ups and password sign-ins per client address, per 5 minutes. */
  sign_in_sign_ups: 30,
  /** Checks of e-mailed codes and links and of MFA codes per client address, per 5 minutes. */
  token_verifications: 30,
  /** Recovery mails per e-mail address, per hour (and never two within a minute). */
  email_sent: 4,
  /** Failed password sign-ins on one account per 15 minutes before the devices that failed are refused. */
  failed_sign_ins_per_account: 10,
  /** MFA code checks on one account per 5 minutes. */
  mfa_verifications_per_account: 10,
};

export type AuthRateLimits = typeof AUTH_RATE_LIMITS;

/** The defaults with what the AUTH_RATE_LIMITS variable (or a test) changes; a typo is an error, not a silent default. */
export function authRateLimits(overrides: Partial<AuthRateLimits> | string | undefined): AuthRateLimits {
  const given: unknown = typeof overrides === 'string' ? JSON.parse(overrides) : (overrides ?? {});
  const out = { ...AUTH_RATE_LIMITS };
  for (const [name, value] of Object.entries(given as Record<string, unknown>)) {
    if (!(name in out)) throw new Error(`AUTH_RATE_LIMITS: unknown limit "${name}" (known: ${Object.keys(out).join(', ')})`);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new Error(`AUTH_RATE_LIMITS: ${name} must be a whole number from 1`);
    out[name as keyof AuthRateLimits] = value;
  }
  return out;
}
