// Who a request is, and running it as that role the way PostgREST does.
import type { IncomingMessage } from 'node:http';
import type { Database, Tx } from './database.ts';
import { bearerToken } from './http.ts';
import type { ApiRole, Claims, Keys } from './jwt.ts';
import { currentClient } from './request-scope.ts';

/**
 * The header through which the database learns which device sent a request (the chat's per-device
 * limit, app_private.chat_messages_guard): the connection's address (for a function's calls back,
 * the address of the device that called the function), written here over whatever the client sent,
 * as a proxy in front of PostgREST writes what it knows. Hosted Supabase never sets it.
 */
export const DEVICE_HEADER = 'x-device-address';

export interface RequestContext {
  role: ApiRole;
  claims: Claims;
  method: string;
  path: string;
  headers: Record<string, string>;
}

export type AuthOutcome = { ok: true; ctx: RequestContext } | { ok: false; reason: 'expired' | 'invalid' | 'role' };

export async function authenticate(req: IncomingMessage, keys: Keys, path: string): Promise<AuthOutcome> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers[name] = value;
    else if (Array.isArray(value)) headers[name] = value.join(', ');
  }
  headers[DEVICE_HEADER] = currentClient();
  const base = { method: req.method ?? 'GET', path, headers };
  const token = bearerToken(req);
  // Without any key the request is anonymous, as PostgREST's db-anon-role makes it.
  if (!token) return { ok: true, ctx: { ...base, role: 'anon', claims: { role: 'anon' } } };
  const verified = await keys.verify(token);
  if (!verified.ok) return verified;
  return { ok: true, ctx: { ...base, role: verified.claims.role, claims: verified.claims } };
}

/** One transaction as the request's role with PostgREST's request.* settings. */
export function asRole<T>(db: Database, ctx: RequestContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.run(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true),
              set_config('request.headers', $5, true)`,
      [ctx.role, JSON.stringify(ctx.claims), ctx.method, ctx.path, JSON.stringify(ctx.headers)],
    );
    return fn(tx);
  });
}

/**
 * PostgREST's pre-request function (its db-pre-request, which the product's migration sets for hosted
 * PostgREST): app_rls.require_live_session refuses a signed-in token whose session is gone (a global
 * sign-out, a password change), so hosted and embedded follow one rule. Run only where the migrations
 * define it (SchemaCache.hasPreRequest): a project without it, like the gateway's test fixtures, has none.
 */
export const PRE_REQUEST_FUNCTION = 'app_rls.require_live_session';

/** Runs the pre-request function inside asRole, before the request's own statements; anon and the service role have no session to check. */
export async function runPreRequest(tx: Tx, ctx: RequestContext): Promise<void> {
  if (ctx.role === 'authenticated') await tx.query(`select ${PRE_REQUEST_FUNCTION}()`);
}
