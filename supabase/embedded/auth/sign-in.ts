// POST /token: a password sign-in, and a refresh that rotates the refresh token.
import { WindowLimiter } from '../rate-limit.ts';
import { currentClient } from '../request-scope.ts';
import type { AuthContext } from './context.ts';
import { MINUTE } from './guards.ts';
import { authError, jsonBody, tooMany, type AuthRequest, type AuthResult } from './protocol.ts';
import { newRefreshToken } from './tokens.ts';
import { USER_COLUMNS, type UserRow } from './users.ts';

// A refresh token used again within this window (a retry after a lost response) gets the
// session's current token instead of being treated as stolen, as GoTrue's reuse interval does.
const REFRESH_REUSE_SECONDS = 10;

export class SignIn {
  /** Per account: password attempts not (yet) known to be right, and which devices made wrong ones. */
  private readonly accountAttempts: WindowLimiter;
  private readonly failedFrom = new WindowLimiter(1_000, 15 * MINUTE);

  constructor(private readonly ctx: AuthContext) {
    this.accountAttempts = new WindowLimiter(ctx.o.limits.failed_sign_ins_per_account, 15 * MINUTE);
  }

  async token(req: AuthRequest): Promise<AuthResult> {
    const grant = req.params.get('grant_type');
    const body = jsonBody(req);
    if (grant === 'password') return this.password(body);
    if (grant === 'refresh_token') return this.refresh(typeof body.refresh_token === 'string' ? body.refresh_token : '');
    throw authError(400, 'unsupported_grant_type', 'unsupported_grant_type');
  }

  /**
   * A password sign-in, guarded three ways: per device (sign_in_sign_ups), per account (after a few
   * wrong passwords the devices that typed them are refused for a while, while a device that did
   * not, the student's own, still gets in), and by timing (an unknown address costs a bcrypt check too).
   */
  private async password(body: Record<string, unknown>): Promise<AuthResult> {
    const { o, guards, sessions } = this.ctx;
    guards.limitSignIns();
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const device = `${email}\n${currentClient()}`;
    const hot = this.accountAttempts.count(email) >= o.limits.failed_sign_ins_per_account;
    if (hot && this.failedFrom.count(device) > 0) {
      throw tooMany(
        'over_request_rate_limit',
        (wait) => `Too many wrong passwords for this account from this device. Try again in ${wait}, or reset the password.`,
        Math.ceil(this.failedFrom.windowMs / 1000),
      );
    }
    // Counted before the check, so attempts in flight count too; given back when the password is right.
    if (!hot) this.accountAttempts.take(email);
    this.failedFrom.take(device);
    const stored = (
      await o.db.run(
        async (tx) =>
          (
            await tx.query<{ id: string; encrypted_password: string | null; confirmed: boolean }>(
              'select id, encrypted_password, email_confirmed_at is not null as confirmed from auth.users where lower(email) = $1',
              [email],
            )
          ).rows,
      )
    )[0];
    const right = await o.hasher.verify(password, stored?.encrypted_password ?? null);
    if (!stored || !right) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
    this.failedFrom.giveBack(device);
    if (!hot) this.accountAttempts.giveBack(email);
    // Told only to whoever knows the password, so it reveals nothing about the address.
    if (o.confirmEmail && !stored.confirmed) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
    return o.db.run(async (tx) => {
      const user = (await tx.query<UserRow>(`update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`, [stored.id])).rows[0];
      if (!user) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
      return { status: 200, body: await sessions.issue(tx, user, 'password') };
    });
  }

  private async refresh(token: string): Promise<AuthResult> {
    const { o, sessions } = this.ctx;
    return o.db.run(async (tx) => {
      const row = (
        await tx.query<{ id: string; user_id: string; session_id: string; revoked: boolean; age: number }>(
          `select id, user_id, session_id, revoked, extract(epoch from now() - updated_at)::float8 as age
           from auth.refresh_tokens where token = $1 for update`,
          [token],
        )
      ).rows[0];
      if (!row) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      const user = (await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [row.user_id])).rows[0];
      if (!user) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      if (row.revoked) {
        const child = (await tx.query<{ token: string }>('select token from auth.refresh_tokens where parent = $1 and not revoked', [token])).rows[0];
        if (child && row.age <= REFRESH_REUSE_SECONDS) {
          return { status: 200, body: await sessions.issue(tx, user, 'token_refresh', { sessionId: row.session_id, refreshToken: child.token }) };
        }
        // Reuse of an old token: treat the session as compromised and end it. Returned rather
        // than thrown, so the transaction commits the revocation.
        await tx.query('delete from auth.sessions where id = $1', [row.session_id]);
        const refused = authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        return { status: refused.status, body: refused.body };
      }
      const next = newRefreshToken();
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
      await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
        next,
        row.user_id,
        row.session_id,
        token,
      ]);
      await tx.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
      return { status: 200, body: await sessions.issue(tx, user, 'token_refresh', { sessionId: row.session_id, refreshToken: next }) };
    });
  }
}
