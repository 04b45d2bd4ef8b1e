import { isTransportError, type OpResult } from './transport.ts';

/**
 * What the engine does with a failure:
 * - retry: the server did not decide (offline, overloaded); keep the item queued and back off.
 * - refresh: the access token was refused; renew the session, then retry, keeping the item.
 * - park: the server refused the operation itself; mark it failed, roll back and tell the user.
 */
export type Disposition =
  | { action: 'retry'; code?: string; message: string }
  | { action: 'refresh'; code?: string; message: string }
  | { action: 'park'; code?: string; message: string };

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

export function classifyCode(code: string | undefined, message: string): Disposition {
  if (code && AUTH_CODES.has(code)) return { action: 'refresh', code, message };
  if (code && (LATER_CODES.has(code) || (code.length === 5 && TRANSIENT_SQLSTATE_CLASSES.has(code.slice(0, 2))))) {
    return { action: 'retry', code, message };
  }
  // P0001 (a rule said no), 42501 (permission), 22023 (bad arguments), 23xxx (constraint) and
  // anything unknown: sending it again would get the same answer and block the queue behind it.
  return code === undefined ? { action: 'park', message } : { action: 'park', code, message };
}

/** A failure of the whole call (applyMutations, an upload, a delete). */
export function classifyError(err: unknown): Disposition {
  if (isTransportError(err)) {
    const base = err.code === undefined ? { message: err.message } : { code: err.code, message: err.message };
    if (err.kind === 'network') return { action: 'retry', ...base };
    const status = err.status ?? 0;
    if (status === 401 || (err.code !== undefined && AUTH_CODES.has(err.code))) return { action: 'refresh', ...base };
    if (status === 0 || status >= 500 || status === 408 || status === 429) return { action: 'retry', ...base };
    if (status >= 400) return { action: 'park', ...base };
    return { action: 'retry', ...base };
  }
  // fetch() rejects with a TypeError when the request never reached a server.
  if (err instanceof TypeError) return { action: 'retry', message: err.message };
  // Anything else is a bug or an environment problem, not the server's verdict: keep the item.
  return { action: 'retry', message: err instanceof Error ? err.message : String(err) };
}

/** A per-operation answer from apply_mutations. */
export function classifyResult(result: OpResult): { action: 'ok' } | Disposition {
  if (result.ok) return { action: 'ok' };
  return classifyCode(result.code, result.message);
}

/** What an outbox row keeps of a failure. */
export function errorOf(d: Disposition): { code?: string; message: string } {
  return d.code === undefined ? { message: d.message } : { code: d.code, message: d.message };
}
