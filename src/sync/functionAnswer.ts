import { TransportError, type OpResult } from './transport.ts';

/**
 * What an outbox function's HTTP answer is to the outbox (src/sync/classify.ts and
 * src/domain/syncFailure.ts act on it). The functions answer as match-move does:
 * - 200 { ok: true, ... }: applied now, or earlier under the same mutation id (the first answer, as it
 *   was): the op's result is the body.
 * - 4xx { ok: false, code, message }: refused for good; the op is parked, its effect taken back, and
 *   the message (in words for the student) shown.
 * - 401: the session's token was refused, a failure of the request, which renews the session and sends
 *   again, as a refused token does on apply_mutations.
 * - 5xx (502 server_error: the database could not be reached), 408, 429, or a body that is not the
 *   function's: nothing was decided, and the same request goes again after a back-off.
 */
export function functionAnswer(id: string, status: number, body: unknown): OpResult | TransportError {
  const answer = isRecord(body) ? body : {};
  if (status >= 200 && status < 300) {
    if (answer.ok === true) return { id, ok: true, result: body };
    return new TransportError({ kind: 'http', status, message: 'the function returned an unexpected answer' });
  }
  const code = typeof answer.code === 'string' && answer.code !== '' ? answer.code : undefined;
  const message = typeof answer.message === 'string' && answer.message !== '' ? answer.message : `the function answered ${status}`;
  const refusal = answer.ok === false && code !== undefined;
  if (refusal && status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429) {
    return { id, ok: false, code, message };
  }
  return new TransportError({ kind: 'http', status, message, ...(code === undefined ? {} : { code }) });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
