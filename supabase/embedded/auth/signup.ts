// Sign-up and its confirmation: POST /signup (at once signed in, or with [auth.email]
// enable_confirmations a mailed link first, as hosted projects do), POST /resend of that link, and
// the link's token, consumed when it is followed (GET /verify, mailed-links.ts).
import { randomUUID } from 'node:crypto';
import type { Tx } from '../database.ts';
import { sendMail } from '../mailbox.ts';
import type { AuthContext } from './context.ts';
import { validEmail, validMetadata, validPassword } from './input.ts';
import { authError, jsonBody, tooMany, type AuthRequest, type AuthResult } from './protocol.ts';
import { redirectTarget } from './redirects.ts';
import { newLinkToken, sha256 } from './tokens.ts';
import { USER_COLUMNS, userJson, type UserRow } from './users.ts';

/** How long a sign-up's confirmation link works (GoTrue's mailer_otp_exp is one day for links). */
const CONFIRMATION_TTL_SECONDS = 86_400;

export class SignUp {
  constructor(private readonly ctx: AuthContext) {}

  async signup(req: AuthRequest): Promise<AuthResult> {
    const { o, guards, sessions } = this.ctx;
    guards.limitSignIns();
    const body = jsonBody(req);
    const email = validEmail(body.email);
    const data = body.data === undefined ? {} : validMetadata(body.data);
    const password = validPassword(body.password, [email, ...Object.values(data).filter((v): v is string => typeof v === 'string')]);
    // Hashed before the address is looked up, so a taken address answers as fast as a new one.
    const hash = await o.hasher.hash(password);
    const redirect = redirectTarget(o, req.params.get('redirect_to'));
    return o.db.run(async (tx) => {
      const taken = (await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email])).rows[0];
      if (taken && o.confirmEmail && taken.email_confirmed_at === null) {
        // Signed up before and never confirmed: a new link, as GoTrue sends (within the mail limits).
        if (guards.mailAllowed(email) === null) await this.sendConfirmation(tx, taken, redirect);
        return { status: 200, body: { ...userJson(taken), identities: [] } };
      }
      if (taken) {
        // GoTrue's answer for an address it will not reveal: a user-shaped body with no session. The
        // owner is told by mail (within the mail limits), so a student who forgot signing up learns where to go.
        if (guards.mailAllowed(email) === null) {
          await sendMail(tx, o.log, {
            to: email,
            subject: 'Someone tried to sign up with your address',
            text: 'Someone (maybe you) tried to create a new account with this e-mail address, which already has one.\n\nIf it was you, sign in, or reset your password if you forgot it. If not, you can ignore this mail.',
            link: '',
          });
        }
        const now = new Date().toISOString();
        const hidden = userJson({
          id: randomUUID(),
          aud: 'authenticated',
          role: 'authenticated',
          email,
          email_confirmed_at: null,
          last_sign_in_at: null,
          raw_app_meta_data: { provider: 'email', providers: ['email'] },
          raw_user_meta_data: data,
          is_anonymous: false,
          created_at: now,
          updated_at: now,
        });
        return { status: 200, body: { ...hidden, identities: [] } };
      }
      let user: UserRow | undefined;
      await tx.query('savepoint signup');
      try {
        user = (
          await tx.query<UserRow>(
            `insert into auth.users (email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_user_meta_data)
             values ($1, $2, case when $4 then null else now() end, case when $4 then null else now() end, $3::jsonb)
             returning ${USER_COLUMNS}`,
            [email, hash, JSON.stringify(data), o.confirmEmail],
          )
        ).rows[0];
      } catch (error) {
        // A trigger of the migrations refused the user (GoTrue answers the same way).
        await tx.query('rollback to savepoint signup');
        o.log(`signup of ${email} failed in the database: ${(error as Error).message}`);
        throw authError(500, 'unexpected_failure', 'Database error saving new user');
      }
      if (!user) throw authError(500, 'unexpected_failure', 'Database error saving new user');
      if (o.confirmEmail) {
        // GoTrue's answer with confirmations on: the user, no session, and a link in the mail.
        guards.mailAllowed(email);
        await this.sendConfirmation(tx, user, redirect);
        return { status: 200, body: { ...userJson(user), identities: [] } };
      }
      return { status: 200, body: await sessions.issue(tx, user, 'password') };
    });
  }

  /** A new confirmation mail for an account that has not confirmed; the same answer for any address. */
  async resend(req: AuthRequest): Promise<AuthResult> {
    const { o, guards } = this.ctx;
    guards.limitVerifications();
    const body = jsonBody(req);
    if (body.type !== 'signup') throw authError(400, 'validation_failed', 'Only type "signup" is supported by the embedded auth service');
    const email = validEmail(body.email);
    const redirect = redirectTarget(o, req.params.get('redirect_to'));
    const refused = guards.mailAllowed(email);
    if (refused) {
      throw tooMany('over_email_send_rate_limit', (wait) => `For security purposes, a new mail can be sent to this address in ${wait}.`, refused.retryAfterSeconds);
    }
    return o.db.run(async (tx) => {
      const user = (await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email])).rows[0];
      if (o.confirmEmail && user && user.email_confirmed_at === null) await this.sendConfirmation(tx, user, redirect);
      return { status: 200, body: {} };
    });
  }

  /** Consumes a confirmation link's token: the address is confirmed; the user, or null when unknown or expired. */
  async consumeLink(tx: Tx, linkToken: string): Promise<UserRow | null> {
    if (!linkToken) return null;
    const user = (
      await tx.query<UserRow>(
        `update auth.users set confirmation_token = null, email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now()
         where confirmation_token = $1 and confirmation_sent_at > now() - make_interval(secs => $2)
         returning ${USER_COLUMNS}`,
        [sha256(linkToken), CONFIRMATION_TTL_SECONDS],
      )
    ).rows[0];
    return user ?? null;
  }

  /** Mails `user` a new confirmation link, replacing any earlier one. */
  private async sendConfirmation(tx: Tx, user: UserRow, redirect: string): Promise<void> {
    const { o } = this.ctx;
    const linkToken = newLinkToken();
    await tx.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1', [user.id, sha256(linkToken)]);
    const link = `${o.baseUrl()}/auth/v1/verify?token=${linkToken}&type=signup&redirect_to=${encodeURIComponent(redirect)}`;
    await sendMail(tx, o.log, {
      to: user.email ?? '',
      subject: 'Confirm Your Signup',
      text: `Follow this link to confirm your e-mail address and sign in:\n${link}\n\nThe link expires in one day. If you did not sign up, you can ignore this mail.`,
      link,
    });
  }
}
