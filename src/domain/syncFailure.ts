/**
 * What the outbox does with a failure the server reports by code:
 * - retry: the server did not decide (offline, overloaded); keep the item queued and back off.
 * - refresh: the access token was refused; renew the session, then retry, keeping the item.
 * - park: the server refused the operation itself; mark it failed, roll back and tell the user.
 */
export type Disposition =
  | { action: 'retry'; code?: string; message: string }
  | { action: 'refresh'; code?: string; message: string }
  | { action: 'park'; code?: string; message: string };

/** What an outbox row keeps of a failure. */
export type SendError = { code?: string; message: string };

/** One per-operation answer of apply_mutations. */
export type ItemAnswer =
  | { id: string; ok: true; result: unknown }
  | { id: string; ok: false; code: string; message: string };

/** SQLSTATE classes that mean "try again later" rather than "no". */
const TRANSIENT_SQLSTATE_CLASSES = new Set([
  '08', // connection exception
  '40', // transaction rollback (serialization failure, deadlock)
  '53', // insufficient resources
  '57', // operator intervention (query canceled, shutting down)
  '58', // system error
]);

const AUTH_CODES = new Set(['PGRST301', 'PGRST302', 'PGRST303', 'PT401']);

/**
 * Too many actions at once (the student's mutation limits, app_private.begin_mutation): the server
 * stored nothing and will take it later. PostgREST answers this code with HTTP 429.
 */
const LATER_CODES = new Set(['PT429']);

/** A code that says the session's token was refused, whatever the HTTP status that carried it. */
export function isAuthCode(code: string | undefined): boolean {
  return code !== undefined && AUTH_CODES.has(code);
}

function classifyCode(code: string | undefined, message: string): Disposition {
  if (isAuthCode(code)) return { action: 'refresh', code, message };
  if (code && (LATER_CODES.has(code) || (code.length === 5 && TRANSIENT_SQLSTATE_CLASSES.has(code.slice(0, 2))))) {
    return { action: 'retry', code, message };
  }
  // P0001 (a rule said no), 42501 (permission), 22023 (bad arguments), 23xxx (constraint) and
  // anything unknown: sending it again would get the same answer and block the queue behind it.
  return code === undefined ? { action: 'park', message } : { action: 'park', code, message };
}

/** A per-operation answer from apply_mutations; an applied one carries the server's result on. */
export function classifyResult(result: ItemAnswer): { action: 'ok'; result: unknown } | Disposition {
  if (result.ok) return { action: 'ok', result: result.result };
  return classifyCode(result.code, result.message);
}

export function errorOf(d: Disposition): SendError {
  return d.code === undefined ? { message: d.message } : { code: d.code, message: d.message };
}
