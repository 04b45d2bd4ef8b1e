// Sessions: issuing one (a row of auth.sessions, a refresh token and a signed access token), finding
// the signed-in user and live session behind a bearer token, and signing out (POST /logout) from this
// session, every session or every other one.
import type { Tx } from '../database.ts';
import type { AuthOptions } from './context.ts';
import { authError, bearerToken, type AuthRequest, type AuthResult } from './protocol.ts';
import { newRefreshToken } from './tokens.ts';
import { USER_COLUMNS, userBody, type UserRow } from './users.ts';

type Amr = { method: string; timestamp: number }[];

export interface Caller {
  user: UserRow;
  sessionId: string | null;
  aal: string;
}

export class Sessions {
  constructor(private readonly o: AuthOptions) {}

  /**
   * GoTrue's session answer for `user`: a new session signed in by `method`, or, with `existing`, new
   * tokens of that session (a refresh, a second factor passed), keeping the refresh token given.
   */
  async issue(tx: Tx, user: UserRow, method: string, existing?: { sessionId: string; refreshToken?: string }) {
    let sessionId = existing?.sessionId;
    let refreshToken = existing?.refreshToken;
    const now = Math.floor(Date.now() / 1000);
    if (!sessionId) {
      sessionId = (
        await tx.query<{ id: string }>('insert into auth.sessions (user_id, amr) values ($1, $2::jsonb) returning id', [
          user.id,
          JSON.stringify([{ method, timestamp: now }]),
        ])
      ).rows[0]?.id;
    }
    // A refresh keeps how the session was signed in (and its second factor), as GoTrue does.
    const level = (await tx.query<{ aal: string; amr: Amr }>('select aal, amr from auth.sessions where id = $1', [sessionId])).rows[0];
    const amr: Amr = level && level.amr.length > 0 ? level.amr : [{ method, timestamp: now }];
    if (!refreshToken) {
      refreshToken = newRefreshToken();
      await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [refreshToken, user.id, sessionId]);
    }
    const ttl = this.o.accessTokenTtlSeconds;
    const accessToken = await this.o.keys.sign({
      aud: user.aud,
      exp: now + ttl,
      iat: now,
      iss: `${this.o.baseUrl()}/auth/v1`,
      sub: user.id,
      email: user.email ?? '',
      phone: '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: user.role,
      aal: level?.aal ?? 'aal1',
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ttl,
      expires_at: now + ttl,
      refresh_token: refreshToken,
      user: await userBody(tx, user),
    };
  }

  /** The signed-in user and session behind the request's bearer token, as GoTrue checks them. */
  async caller(tx: Tx, req: AuthRequest): Promise<Caller> {
    const token = bearerToken(req);
    if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    const verified = await this.o.keys.verify(token);
    if (!verified.ok) {
      throw authError(
        403,
        'bad_jwt',
        verified.reason === 'expired'
          ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
          : 'invalid JWT: unable to parse or verify signature, signature is invalid',
      );
    }
    const sub = verified.claims.sub;
    if (typeof sub !== 'string' || !sub) throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const user = (await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id::text = $1`, [sub])).rows[0];
    if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = typeof verified.claims.session_id === 'string' ? verified.claims.session_id : null;
    if (sessionId) {
      const live = await tx.query('select 1 from auth.sessions where id::text = $1', [sessionId]);
      if (!live.rows.length) throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { user, sessionId, aal: typeof verified.claims.aal === 'string' ? verified.claims.aal : 'aal1' };
  }

  async logout(req: AuthRequest): Promise<AuthResult> {
    const scope = req.params.get('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) throw authError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    return this.o.db.run(async (tx) => {
      const { user, sessionId } = await this.caller(tx, req);
      if (scope === 'global' || !sessionId) await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
      else if (scope === 'local') await tx.query('delete from auth.sessions where id = $1', [sessionId]);
      else await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
      return { status: 204, body: null };
    });
  }
}
