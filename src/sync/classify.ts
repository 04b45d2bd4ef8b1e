import { isAuthCode, type Disposition } from '../domain/syncFailure.ts';
import { isTransportError } from './transport.ts';

/**
 * A failure of the whole call (applyMutations, an upload, a delete), as the outbox acts on it
 * (src/domain/syncFailure.ts says what each action means; a per-operation answer is judged there).
 */
export function classifyError(err: unknown): Disposition {
  if (isTransportError(err)) {
    const base = err.code === undefined ? { message: err.message } : { code: err.code, message: err.message };
    if (err.kind === 'network') return { action: 'retry', ...base };
    const status = err.status ?? 0;
    if (status === 401 || isAuthCode(err.code)) return { action: 'refresh', ...base };
    if (status === 0 || status >= 500 || status === 408 || status === 429) return { action: 'retry', ...base };
    if (status >= 400) return { action: 'park', ...base };
    return { action: 'retry', ...base };
  }
  // fetch() rejects with a TypeError when the request never reached a server.
  if (err instanceof TypeError) return { action: 'retry', message: err.message };
  // Anything else is a bug or an environment problem, not the server's verdict: keep the item.
  return { action: 'retry', message: err instanceof Error ? err.message : String(err) };
}
