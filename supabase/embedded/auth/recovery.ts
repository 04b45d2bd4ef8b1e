// A forgotten password: POST /recover mails a link and a 6-digit code through the local mailbox,
// POST /verify signs in with either, and the link's token is consumed when it is followed
// (GET /verify, mailed-links.ts). Either one, used once within the hour, gives a session that may set
// a new password.
import type { Tx } from '../database.ts';
import { LIMITS } from '../limits.ts';
import { sendMail } from '../mailbox.ts';
import type { AuthContext } from './context.ts';
import { validEmail } from './input.ts';
import { authError, jsonBody, tooMany, type AuthRequest, type AuthResult } from './protocol.ts';
import { redirectTarget } from './redirects.ts';
import { newLinkToken, newMailedCode, sha256 } from './tokens.ts';
import { USER_COLUMNS, type UserRow } from './users.ts';

const RECOVERY_TTL_SECONDS = 3600;

export class Recovery {
  constructor(private readonly ctx: AuthContext) {}

  async recover(req: AuthRequest): Promise<AuthResult> {
    const { o, guards } = this.ctx;
    guards.limitVerifications();
    const body = jsonBody(req);
    const email = validEmail(body.email);
    const redirect = redirectTarget(o, req.params.get('redirect_to') ?? (typeof body.redirect_to === 'string' ? body.redirect_to : null));
    // Limited per address whether or not it has an account, so the answer tells nothing about it.
    const refused = guards.mailAllowed(email);
    if (refused) {
      throw tooMany('over_email_send_rate_limit', (wait) => `For security purposes, a new reset mail can be sent to this address in ${wait}.`, refused.retryAfterSeconds);
    }
    return o.db.run(async (tx) => {
      const user = (await tx.query<{ id: string; email: string }>('select id, email from auth.users where lower(email) = $1', [email])).rows[0];
      // An unknown address gets the same answer, so the endpoint does not reveal who has an account.
      if (!user) return { status: 200, body: {} };
      const code = newMailedCode();
      const linkToken = newLinkToken();
      await tx.query(
        'update auth.users set recovery_token = $2, recovery_code_hash = $3, recovery_failed_attempts = 0, recovery_sent_at = now() where id = $1',
        [user.id, sha256(linkToken), sha256(`${user.email}:${code}`)],
      );
      const link = `${o.baseUrl()}/auth/v1/verify?token=${linkToken}&type=recovery&redirect_to=${encodeURIComponent(redirect)}`;
      await sendMail(tx, o.log, {
        to: user.email,
        subject: 'Reset Your Password',
        text: `Follow this link to reset the password for your user:\n${link}\n\nAlternatively, enter the code: ${code}\n\nThe link and the code expire in one hour.`,
        link,
      });
      return { status: 200, body: {} };
    });
  }

  /** POST /verify (supabase-js's verifyOtp) with the link's token or the e-mailed code. */
  async verifyOtp(req: AuthRequest): Promise<AuthResult> {
    const { o, guards, sessions } = this.ctx;
    guards.limitVerifications();
    const body = jsonBody(req);
    if (body.type !== 'recovery') throw authError(400, 'validation_failed', 'Only type "recovery" is supported by the embedded auth service');
    const linkToken = typeof body.token_hash === 'string' ? body.token_hash : '';
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const code = typeof body.token === 'string' ? body.token.trim() : '';
    // A refusal is returned from the transaction rather than thrown, so a counted wrong code is committed.
    const outcome = await o.db.run(async (tx) => {
      const user = linkToken ? await this.consumeLink(tx, linkToken) : email && code ? await this.consumeCode(tx, email, code) : null;
      return user ? { status: 200, body: await sessions.issue(tx, user, 'otp') } : null;
    });
    if (!outcome) throw authError(403, 'otp_expired', 'Token has expired or is invalid');
    return outcome;
  }

  /** Consumes a recovery link's token; the user, or null when it is unknown or expired. */
  async consumeLink(tx: Tx, linkToken: string): Promise<UserRow | null> {
    if (!linkToken) return null;
    const user = (
      await tx.query<UserRow>(
        `update auth.users set recovery_token = null, recovery_code_hash = null, recovery_failed_attempts = 0,
           email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now()
         where recovery_token = $1 and recovery_sent_at > now() - make_interval(secs => $2)
         returning ${USER_COLUMNS}`,
        [sha256(linkToken), RECOVERY_TTL_SECONDS],
      )
    ).rows[0];
    return user ?? null;
  }

  /**
   * Checks an e-mailed 6-digit code. A wrong one is counted (the caller commits it); after
   * LIMITS.recoveryCodeTries wrong ones the code and its link are gone and a new mail is needed.
   */
  private async consumeCode(tx: Tx, email: string, code: string): Promise<UserRow | null> {
    const row = (
      await tx.query<{ id: string; email: string; recovery_code_hash: string | null; fresh: boolean }>(
        `select id, email, recovery_code_hash, coalesce(recovery_sent_at > now() - make_interval(secs => $2), false) as fresh
         from auth.users where lower(email) = $1 for update`,
        [email, RECOVERY_TTL_SECONDS],
      )
    ).rows[0];
    if (!row?.recovery_code_hash || !row.fresh) return null;
    if (/^\d{6}$/.test(code) && sha256(`${row.email}:${code}`) === row.recovery_code_hash) {
      const user = (
        await tx.query<UserRow>(
          `update auth.users set recovery_token = null, recovery_code_hash = null, recovery_failed_attempts = 0,
             email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now()
           where id = $1 returning ${USER_COLUMNS}`,
          [row.id],
        )
      ).rows[0];
      return user ?? null;
    }
    await tx.query(
      `update auth.users set recovery_failed_attempts = recovery_failed_attempts + 1,
         recovery_token = case when recovery_failed_attempts + 1 >= $2 then null else recovery_token end,
         recovery_code_hash = case when recovery_failed_attempts + 1 >= $2 then null else recovery_code_hash end
       where id = $1`,
      [row.id, LIMITS.recoveryCodeTries],
    );
    return null;
  }
}
