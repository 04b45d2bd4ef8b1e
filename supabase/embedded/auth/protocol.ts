// GoTrue on the wire, as every flow of the auth service answers it: the request the server hands
// over, the answer, GoTrue's error bodies and 429s, and a JSON body read within the limits.
import { HttpError, isPlainObject, parseJson } from '../http.ts';
import { LIMITS } from '../limits.ts';
import { retryAfterText } from '../rate-limit.ts';

export interface AuthRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

export interface AuthResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function authError(status: number, errorCode: string, msg: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, { code: status, error_code: errorCode, msg, ...extra });
}

/** GoTrue's 429, with how long to wait in the message and in Retry-After. */
export function tooMany(errorCode: string, msg: (wait: string) => string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, { code: 429, error_code: errorCode, msg: msg(retryAfterText(retryAfterSeconds)) }, { 'Retry-After': String(retryAfterSeconds) });
}

/** The request's JSON object (an empty body is an empty object). */
export function jsonBody(req: AuthRequest): Record<string, unknown> {
  const parsed = parseJson(req.body);
  if (!parsed.ok) {
    throw authError(400, 'bad_json', parsed.tooDeep ? `Request body nests arrays and objects more than ${LIMITS.jsonDepth} deep` : 'Could not parse request body as JSON');
  }
  if (parsed.value === undefined) return {};
  if (!isPlainObject(parsed.value)) throw authError(400, 'bad_json', 'Request body must be a JSON object');
  return parsed.value;
}

/** The bearer token of the Authorization header, or undefined. */
export const bearerToken = (req: AuthRequest): string | undefined => /^Bearer\s+(.+)$/i.exec((req.headers.authorization ?? '').trim())?.[1];
