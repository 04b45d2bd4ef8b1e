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
} as const;
