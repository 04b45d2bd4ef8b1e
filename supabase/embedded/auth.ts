// The GoTrue subset supabase-js uses, at /auth/v1: e-mail and password accounts, rotating refresh
// tokens, sessions with scoped sign-out, password recovery through the local mailbox, and
// authenticator-app (TOTP) second factors. It runs
// as the database owner, as GoTrue does, and keeps its internals in tables the API roles cannot read.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Database, Tx } from './database.ts';
import { HttpError, isPlainObject, parseJson } from './http.ts';
import type { Keys } from './jwt.ts';
import { LIMITS, type AuthRateLimits } from './limits.ts';
import { sendMail } from './mailbox.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { passwordWeakness } from './password-strength.ts';
import { retryAfterText, WindowLimiter } from './rate-limit.ts';
import { currentClient } from './request-scope.ts';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

export interface AuthOptions {
  db: Database;
  keys: Keys;
  baseUrl: () => string;
  accessTokenTtlSeconds: number;
  /** Where recovery links land when redirect_to is missing or not allowed. */
  siteUrl: () => string;
  log: (line: string) => void;
  hasher: PasswordHasher;
  limits: AuthRateLimits;
  /** [auth.email] enable_confirmations: a new account signs in only after following its mailed link. */
  confirmEmail: boolean;
  /** config.toml's site_url and additional_redirect_urls: other places a mailed link may lead. */
  redirectUrls: readonly string[];
}

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

const RECOVERY_TTL_SECONDS = 3600;
/** How long a sign-up's confirmation link works (GoTrue's mailer_otp_exp is one day for links). */
const CONFIRMATION_TTL_SECONDS = 86_400;
const MINUTE = 60_000;
// A refresh token used again within this window (a retry after a lost response) gets the
// session's current token instead of being treated as stolen, as GoTrue's reuse interval does.
const REFRESH_REUSE_SECONDS = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// GoTrue's defaults: a challenge must be answered within 5 minutes; codes are 6 digits every 30 s,
// and the code of the step before or after is accepted too, for clocks a little apart.
const CHALLENGE_TTL_SECONDS = 300;
const TOTP_WINDOW = 1;
const TOTP_ISSUER = 'Hollowed Portal';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function authError(status: number, errorCode: string, msg: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, { code: status, error_code: errorCode, msg, ...extra });
}

/** GoTrue's 429, with how long to wait in the message and in Retry-After. */
function tooMany(errorCode: string, msg: (wait: string) => string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, { code: 429, error_code: errorCode, msg: msg(retryAfterText(retryAfterSeconds)) }, { 'Retry-After': String(retryAfterSeconds) });
}

const metadataBytes = (data: unknown) => Buffer.byteLength(JSON.stringify(data));

interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  email_confirmed_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  is_anonymous: boolean;
  created_at: string;
  updated_at: string;
}

const USER_COLUMNS = `id, aud, role, email, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  is_anonymous, created_at, updated_at`;

interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  secret: string;
  created_at: string;
  updated_at: string;
}

type Amr = { method: string; timestamp: number }[];

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

function factorJson(f: FactorRow): Record<string, unknown> {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? undefined,
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
  };
}

function userJson(u: UserRow, factors: FactorRow[] = []): Record<string, unknown> {
  return {
    id: u.id,
    aud: u.aud,
    role: u.role,
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: '',
    confirmed_at: iso(u.email_confirmed_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data,
    user_metadata: u.raw_user_meta_data,
    identities: u.email
      ? [
          {
            identity_id: u.id,
            id: u.id,
            user_id: u.id,
            identity_data: { email: u.email, email_verified: !!u.email_confirmed_at, phone_verified: false, sub: u.id },
            provider: 'email',
            last_sign_in_at: iso(u.last_sign_in_at),
            created_at: iso(u.created_at),
            updated_at: iso(u.updated_at),
            email: u.email,
          },
        ]
      : [],
    ...(factors.length > 0 ? { factors: factors.map(factorJson) } : {}),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous,
  };
}

async function factorsOf(tx: Tx, userId: string): Promise<FactorRow[]> {
  return (
    await tx.query<FactorRow>(
      'select id, friendly_name, factor_type, status, secret, created_at, updated_at from auth.mfa_factors where user_id = $1 order by created_at',
      [userId],
    )
  ).rows;
}

async function userBody(tx: Tx, user: UserRow): Promise<Record<string, unknown>> {
  return userJson(user, await factorsOf(tx, user.id));
}

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

const newToken = () => randomBytes(24).toString('base64url');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class AuthService {
  /** Per client address: sign-ups and sign-ins, and checks of codes and links. */
  private readonly signIns: WindowLimiter;
  private readonly verifications: WindowLimiter;
  /** Per e-mail address: recovery mails, at most one a minute. */
  private readonly mails: WindowLimiter;
  private readonly mailGap = new WindowLimiter(1, MINUTE);
  /** Per account: password attempts not (yet) known to be right, and which devices made wrong ones. */
  private readonly accountAttempts: WindowLimiter;
  private readonly failedFrom = new WindowLimiter(1_000, 15 * MINUTE);
  private readonly mfaChecks: WindowLimiter;

  constructor(private readonly o: AuthOptions) {
    this.signIns = new WindowLimiter(o.limits.sign_in_sign_ups, 5 * MINUTE);
    this.verifications = new WindowLimiter(o.limits.token_verifications, 5 * MINUTE);
    this.mails = new WindowLimiter(o.limits.email_sent, 60 * MINUTE);
    this.accountAttempts = new WindowLimiter(o.limits.failed_sign_ins_per_account, 15 * MINUTE);
    this.mfaChecks = new WindowLimiter(o.limits.mfa_verifications_per_account, 5 * MINUTE);
  }

  private limitSignIns(): void {
    const refused = this.signIns.take(currentClient());
    if (refused) throw tooMany('over_request_rate_limit', (wait) => `Too many sign-ins and sign-ups from this device. Try again in ${wait}.`, refused.retryAfterSeconds);
  }

  private limitVerifications(): void {
    const refused = this.verifications.take(currentClient());
    if (refused) throw tooMany('over_request_rate_limit', (wait) => `Too many codes checked from this device. Try again in ${wait}.`, refused.retryAfterSeconds);
  }

  /** Null when one more mail to `email` is allowed now (and it is counted), else when to try again. */
  private mailAllowed(email: string): { retryAfterSeconds: number } | null {
    if (this.mailGap.count(email) > 0) return this.mailGap.take(email);
    const hourly = this.mails.take(email);
    if (hourly) return hourly;
    this.mailGap.take(email);
    return null;
  }

  private async session(tx: Tx, user: UserRow, method: string, existing?: { sessionId: string; refreshToken?: string }) {
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
      refreshToken = newToken();
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

  private body(req: AuthRequest): Record<string, unknown> {
    const parsed = parseJson(req.body);
    if (!parsed.ok) {
      throw authError(400, 'bad_json', parsed.tooDeep ? `Request body nests arrays and objects more than ${LIMITS.jsonDepth} deep` : 'Could not parse request body as JSON');
    }
    if (parsed.value === undefined) return {};
    if (!isPlainObject(parsed.value)) throw authError(400, 'bad_json', 'Request body must be a JSON object');
    return parsed.value;
  }

  /** The signed-in user and session behind the request's bearer token, as GoTrue checks them. */
  private async caller(tx: Tx, req: AuthRequest): Promise<{ user: UserRow; sessionId: string | null; aal: string }> {
    const header = req.headers.authorization ?? '';
    const token = /^Bearer\s+(.+)$/i.exec(header.trim())?.[1];
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

  /** A password strong enough (password-strength.ts), judged also against the account's own words. */
  private validPassword(password: unknown, personal: string[]): string {
    const weakness = typeof password === 'string' ? passwordWeakness(password, personal) : 'Password is required.';
    if (weakness !== null) {
      const reason = typeof password === 'string' && password.length >= 8 ? 'characters' : 'length';
      throw authError(422, 'weak_password', weakness, { weak_password: { reasons: [reason], message: weakness } });
    }
    return password as string;
  }

  private validMetadata(data: unknown): Record<string, unknown> {
    if (!isPlainObject(data)) throw authError(400, 'validation_failed', 'data must be a JSON object');
    if (metadataBytes(data) > LIMITS.userMetadataBytes) {
      throw authError(422, 'validation_failed', `User metadata may be at most ${LIMITS.userMetadataBytes} bytes as JSON.`);
    }
    return data;
  }

  private validEmail(email: unknown): string {
    if (typeof email !== 'string' || !EMAIL.test(email.trim())) {
      throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    return email.trim().toLowerCase();
  }

  /**
   * Where a mailed link may lead: an origin (scheme, host and port) of the site URL, of this backend (under
   * any loopback name when it serves on loopback: the same server), or of a URL config.toml lists. Any
   * other origin, another loopback port too (another program of the machine), gets the site URL: a
   * recovery link's session travels in the fragment to wherever redirect_to points.
   */
  private redirectTarget(requested: string | null): string {
    if (requested) {
      try {
        const url = new URL(requested);
        if ((url.protocol === 'http:' || url.protocol === 'https:') && this.redirectOrigins().has(url.origin)) return url.toString();
      } catch {
        // Not a URL: fall back to the site URL below.
      }
    }
    return this.o.siteUrl();
  }

  private redirectOrigins(): Set<string> {
    const api = new URL(this.o.baseUrl());
    const origins = new Set([this.o.siteUrl(), api.href, ...this.o.redirectUrls].map((url) => new URL(url).origin));
    if (LOOPBACK_NAMES.includes(api.hostname)) {
      for (const name of LOOPBACK_NAMES) origins.add(`${api.protocol}//${name}${api.port ? `:${api.port}` : ''}`);
    }
    return origins;
  }

  async handle(req: AuthRequest): Promise<AuthResult> {
    const route = `${req.method} ${req.path.replace(/\/+$/, '') || '/'}`;
    switch (route) {
      case 'GET /health':
        return { status: 200, body: { version: 'embedded', name: 'GoTrue', description: 'Local auth service of the embedded backend' } };
      case 'GET /settings':
        return {
          status: 200,
          body: {
            external: { email: true, phone: false, anonymous_users: false },
            disable_signup: false,
            mailer_autoconfirm: !this.o.confirmEmail,
            phone_autoconfirm: false,
            sms_provider: '',
            saml_enabled: false,
          },
        };
      case 'GET /.well-known/jwks.json':
        return { status: 200, body: { keys: [] } };
      case 'POST /signup':
        return this.signup(req);
      case 'POST /token':
        return this.token(req);
      case 'GET /user':
        return this.o.db.run(async (tx) => ({ status: 200, body: await userBody(tx, (await this.caller(tx, req)).user) }));
      case 'PUT /user':
        return this.updateUser(req);
      case 'POST /logout':
        return this.logout(req);
      case 'POST /recover':
        return this.recover(req);
      case 'POST /resend':
        return this.resend(req);
      case 'POST /admin/users':
        return this.adminCreateUser(req);
      case 'GET /verify':
        return this.verifyLink(req);
      case 'POST /verify':
        return this.verifyOtp(req);
      case 'POST /factors':
        return this.enrollFactor(req);
      default: {
        const factor = /^(POST|DELETE) \/factors\/([^/]+)(\/challenge|\/verify)?$/.exec(route);
        if (factor) {
          const [, method, id = '', action] = factor;
          if (method === 'DELETE' && !action) return this.unenrollFactor(req, id);
          if (method === 'POST' && action === '/challenge') return this.challengeFactor(req, id);
          if (method === 'POST' && action === '/verify') return this.verifyFactor(req, id);
        }
        throw authError(404, 'not_found', `${route} is not served by the embedded auth service`);
      }
    }
  }

  private async signup(req: AuthRequest): Promise<AuthResult> {
    this.limitSignIns();
    const body = this.body(req);
    const email = this.validEmail(body.email);
    const data = body.data === undefined ? {} : this.validMetadata(body.data);
    const password = this.validPassword(body.password, [email, ...Object.values(data).filter((v): v is string => typeof v === 'string')]);
    // Hashed before the address is looked up, so a taken address answers as fast as a new one.
    const hash = await this.o.hasher.hash(password);
    const redirect = this.redirectTarget(req.params.get('redirect_to'));
    return this.o.db.run(async (tx) => {
      const taken = (await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email])).rows[0];
      if (taken && this.o.confirmEmail && taken.email_confirmed_at === null) {
        // Signed up before and never confirmed: a new link, as GoTrue sends (within the mail limits).
        if (this.mailAllowed(email) === null) await this.sendConfirmation(tx, taken, redirect);
        return { status: 200, body: { ...userJson(taken), identities: [] } };
      }
      if (taken) {
        // GoTrue's answer for an address it will not reveal: a user-shaped body with no session. The
        // owner is told by mail (within the mail limits), so a student who forgot signing up learns where to go.
        if (this.mailAllowed(email) === null) {
          await sendMail(tx, this.o.log, {
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
            [email, hash, JSON.stringify(data), this.o.confirmEmail],
          )
        ).rows[0];
      } catch (error) {
        // A trigger of the migrations refused the user (GoTrue answers the same way).
        await tx.query('rollback to savepoint signup');
        this.o.log(`signup of ${email} failed in the database: ${(error as Error).message}`);
        throw authError(500, 'unexpected_failure', 'Database error saving new user');
      }
      if (!user) throw authError(500, 'unexpected_failure', 'Database error saving new user');
      if (this.o.confirmEmail) {
        // GoTrue's answer with confirmations on: the user, no session, and a link in the mail.
        this.mailAllowed(email);
        await this.sendConfirmation(tx, user, redirect);
        return { status: 200, body: { ...userJson(user), identities: [] } };
      }
      return { status: 200, body: await this.session(tx, user, 'password') };
    });
  }

  /**
   * GoTrue's admin API for making a user (auth.admin.createUser): the service role only. Operators and
   * the contract tests make accounts this way on any project, confirmations on or off.
   */
  private async adminCreateUser(req: AuthRequest): Promise<AuthResult> {
    const token = /^Bearer\s+(.+)$/i.exec((req.headers.authorization ?? '').trim())?.[1] ?? '';
    const verified = token ? await this.o.keys.verify(token) : null;
    if (!verified?.ok || verified.claims.role !== 'service_role') throw authError(403, 'not_admin', 'User not allowed');
    const body = this.body(req);
    const email = this.validEmail(body.email);
    const data = body.user_metadata === undefined ? {} : this.validMetadata(body.user_metadata);
    const password = this.validPassword(body.password, [email]);
    const hash = await this.o.hasher.hash(password);
    const confirmed = body.email_confirm === true;
    return this.o.db.run(async (tx) => {
      const taken = (await tx.query('select 1 from auth.users where lower(email) = $1', [email])).rows.length > 0;
      if (taken) throw authError(422, 'email_exists', 'A user with this email address has already been registered');
      const user = (
        await tx.query<UserRow>(
          `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data)
           values ($1, $2, case when $4 then now() end, $3::jsonb) returning ${USER_COLUMNS}`,
          [email, hash, JSON.stringify(data), confirmed],
        )
      ).rows[0];
      if (!user) throw authError(500, 'unexpected_failure', 'Database error creating new user');
      return { status: 200, body: userJson(user) };
    });
  }

  /** Mails `user` a new confirmation link, replacing any earlier one. */
  private async sendConfirmation(tx: Tx, user: UserRow, redirect: string): Promise<void> {
    const linkToken = randomBytes(32).toString('base64url');
    await tx.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1', [user.id, sha256(linkToken)]);
    const link = `${this.o.baseUrl()}/auth/v1/verify?token=${linkToken}&type=signup&redirect_to=${encodeURIComponent(redirect)}`;
    await sendMail(tx, this.o.log, {
      to: user.email ?? '',
      subject: 'Confirm Your Signup',
      text: `Follow this link to confirm your e-mail address and sign in:\n${link}\n\nThe link expires in one day. If you did not sign up, you can ignore this mail.`,
      link,
    });
  }

  /** A new confirmation mail for an account that has not confirmed; the same answer for any address. */
  private async resend(req: AuthRequest): Promise<AuthResult> {
    this.limitVerifications();
    const body = this.body(req);
    if (body.type !== 'signup') throw authError(400, 'validation_failed', 'Only type "signup" is supported by the embedded auth service');
    const email = this.validEmail(body.email);
    const redirect = this.redirectTarget(req.params.get('redirect_to'));
    const refused = this.mailAllowed(email);
    if (refused) {
      throw tooMany('over_email_send_rate_limit', (wait) => `For security purposes, a new mail can be sent to this address in ${wait}.`, refused.retryAfterSeconds);
    }
    return this.o.db.run(async (tx) => {
      const user = (await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email])).rows[0];
      if (this.o.confirmEmail && user && user.email_confirmed_at === null) await this.sendConfirmation(tx, user, redirect);
      return { status: 200, body: {} };
    });
  }

  /** Consumes a confirmation link's token: the address is confirmed; the user, or null when unknown or expired. */
  private async consumeConfirmation(tx: Tx, linkToken: string): Promise<UserRow | null> {
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

  /**
   * A password sign-in, guarded three ways: per device (sign_in_sign_ups), per account (after a few
   * wrong passwords the devices that typed them are refused for a while, while a device that did
   * not, the student's own, still gets in), and by timing (an unknown address costs a bcrypt check too).
   */
  private async passwordSignIn(body: Record<string, unknown>): Promise<AuthResult> {
    this.limitSignIns();
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const device = `${email}\n${currentClient()}`;
    const hot = this.accountAttempts.count(email) >= this.o.limits.failed_sign_ins_per_account;
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
      await this.o.db.run(
        async (tx) =>
          (
            await tx.query<{ id: string; encrypted_password: string | null; confirmed: boolean }>(
              'select id, encrypted_password, email_confirmed_at is not null as confirmed from auth.users where lower(email) = $1',
              [email],
            )
          ).rows,
      )
    )[0];
    const right = await this.o.hasher.verify(password, stored?.encrypted_password ?? null);
    if (!stored || !right) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
    this.failedFrom.giveBack(device);
    if (!hot) this.accountAttempts.giveBack(email);
    // Told only to whoever knows the password, so it reveals nothing about the address.
    if (this.o.confirmEmail && !stored.confirmed) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
    return this.o.db.run(async (tx) => {
      const user = (await tx.query<UserRow>(`update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`, [stored.id])).rows[0];
      if (!user) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
      return { status: 200, body: await this.session(tx, user, 'password') };
    });
  }

  private async token(req: AuthRequest): Promise<AuthResult> {
    const grant = req.params.get('grant_type');
    const body = this.body(req);
    if (grant === 'password') return this.passwordSignIn(body);
    if (grant === 'refresh_token') {
      const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
      return this.o.db.run(async (tx) => {
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
          const child = (
            await tx.query<{ token: string }>('select token from auth.refresh_tokens where parent = $1 and not revoked', [token])
          ).rows[0];
          if (child && row.age <= REFRESH_REUSE_SECONDS) {
            return { status: 200, body: await this.session(tx, user, 'token_refresh', { sessionId: row.session_id, refreshToken: child.token }) };
          }
          // Reuse of an old token: treat the session as compromised and end it. Returned rather
          // than thrown, so the transaction commits the revocation.
          await tx.query('delete from auth.sessions where id = $1', [row.session_id]);
          const refused = authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
          return { status: refused.status, body: refused.body };
        }
        const next = newToken();
        await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
        await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
          next,
          row.user_id,
          row.session_id,
          token,
        ]);
        await tx.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
        return { status: 200, body: await this.session(tx, user, 'token_refresh', { sessionId: row.session_id, refreshToken: next }) };
      });
    }
    throw authError(400, 'unsupported_grant_type', 'unsupported_grant_type');
  }

  private async updateUser(req: AuthRequest): Promise<AuthResult> {
    const body = this.body(req);
    const data = body.data === undefined ? undefined : this.validMetadata(body.data);
    // The password is checked and hashed before the transaction, so bcrypt never holds the database.
    const caller = await this.o.db.run((tx) => this.caller(tx, req));
    const password = body.password === undefined ? undefined : this.validPassword(body.password, [caller.user.email ?? '']);
    let hash: string | null = null;
    if (password !== undefined) {
      const current = (
        await this.o.db.run(async (tx) => (await tx.query<{ p: string | null }>('select encrypted_password as p from auth.users where id = $1', [caller.user.id])).rows)
      )[0]?.p;
      if (current && (await this.o.hasher.verify(password, current))) {
        throw authError(422, 'same_password', 'New password should be different from the old password.');
      }
      hash = await this.o.hasher.hash(password);
    }
    return this.o.db.run(async (tx) => {
      const { user, sessionId, aal } = await this.caller(tx, req);
      if ((password !== undefined || body.email !== undefined) && aal !== 'aal2' && (await factorsOf(tx, user.id)).some((f) => f.status === 'verified')) {
        throw authError(403, 'insufficient_aal', 'AAL2 session is required to change the e-mail address or the password of an account with two-factor sign-in.');
      }
      if (hash !== null) {
        await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [user.id, hash]);
        // Whoever holds another session (a stolen refresh token among them) is out; this one stays.
        await tx.query('delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)', [user.id, sessionId]);
      }
      if (body.email !== undefined) {
        const email = this.validEmail(body.email);
        const taken = await tx.query('select 1 from auth.users where lower(email) = $1 and id <> $2', [email, user.id]);
        if (taken.rows.length) throw authError(422, 'email_exists', 'A user with this email address has already been registered');
        // Local mode auto-confirms e-mail, so a change applies at once.
        await tx.query('update auth.users set email = $2, email_confirmed_at = now(), updated_at = now() where id = $1', [user.id, email]);
      }
      if (data !== undefined) {
        const merged = (
          await tx.query<{ n: number }>(
            'update auth.users set raw_user_meta_data = raw_user_meta_data || $2::jsonb, updated_at = now() where id = $1 returning octet_length(raw_user_meta_data::text) as n',
            [user.id, JSON.stringify(data)],
          )
        ).rows[0];
        if ((merged?.n ?? 0) > LIMITS.userMetadataBytes) {
          throw authError(422, 'validation_failed', `User metadata may be at most ${LIMITS.userMetadataBytes} bytes as JSON.`);
        }
      }
      const fresh = (await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [user.id])).rows[0] ?? user;
      return { status: 200, body: await userBody(tx, fresh) };
    });
  }

  private async logout(req: AuthRequest): Promise<AuthResult> {
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

  private async recover(req: AuthRequest): Promise<AuthResult> {
    this.limitVerifications();
    const body = this.body(req);
    const email = this.validEmail(body.email);
    const redirect = this.redirectTarget(req.params.get('redirect_to') ?? (typeof body.redirect_to === 'string' ? body.redirect_to : null));
    // Limited per address whether or not it has an account, so the answer tells nothing about it.
    const refused = this.mailAllowed(email);
    if (refused) {
      throw tooMany('over_email_send_rate_limit', (wait) => `For security purposes, a new reset mail can be sent to this address in ${wait}.`, refused.retryAfterSeconds);
    }
    return this.o.db.run(async (tx) => {
      const user = (await tx.query<{ id: string; email: string }>('select id, email from auth.users where lower(email) = $1', [email])).rows[0];
      // An unknown address gets the same answer, so the endpoint does not reveal who has an account.
      if (!user) return { status: 200, body: {} };
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      // The link carries a long random token; only the 6-digit code is short, and it has few tries.
      const linkToken = randomBytes(32).toString('base64url');
      await tx.query(
        'update auth.users set recovery_token = $2, recovery_code_hash = $3, recovery_failed_attempts = 0, recovery_sent_at = now() where id = $1',
        [user.id, sha256(linkToken), sha256(`${user.email}:${code}`)],
      );
      const link = `${this.o.baseUrl()}/auth/v1/verify?token=${linkToken}&type=recovery&redirect_to=${encodeURIComponent(redirect)}`;
      await sendMail(tx, this.o.log, {
        to: user.email,
        subject: 'Reset Your Password',
        text: `Follow this link to reset the password for your user:\n${link}\n\nAlternatively, enter the code: ${code}\n\nThe link and the code expire in one hour.`,
        link,
      });
      return { status: 200, body: {} };
    });
  }

  /** Consumes a recovery link's token; the user, or null when it is unknown or expired. */
  private async consumeRecovery(tx: Tx, linkToken: string): Promise<UserRow | null> {
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
  private async consumeRecoveryCode(tx: Tx, email: string, code: string): Promise<UserRow | null> {
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

  private async verifyLink(req: AuthRequest): Promise<AuthResult> {
    this.limitVerifications();
    const redirect = this.redirectTarget(req.params.get('redirect_to'));
    const type = req.params.get('type');
    const token = req.params.get('token') ?? '';
    return this.o.db.run(async (tx) => {
      const user =
        type === 'recovery' ? await this.consumeRecovery(tx, token) : type === 'signup' ? await this.consumeConfirmation(tx, token) : null;
      if (!user) {
        const fragment = new URLSearchParams({
          error: 'access_denied',
          error_code: 'otp_expired',
          error_description: 'Email link is invalid or has expired',
        });
        return { status: 303, body: null, headers: { Location: `${redirect.split('#')[0]}#${fragment}` } };
      }
      const session = await this.session(tx, user, 'otp');
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type: type === 'signup' ? 'signup' : 'recovery',
      });
      return { status: 303, body: null, headers: { Location: `${redirect.split('#')[0]}#${fragment}` } };
    });
  }

  private async verifyOtp(req: AuthRequest): Promise<AuthResult> {
    this.limitVerifications();
    const body = this.body(req);
    if (body.type !== 'recovery') throw authError(400, 'validation_failed', 'Only type "recovery" is supported by the embedded auth service');
    const linkToken = typeof body.token_hash === 'string' ? body.token_hash : '';
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const code = typeof body.token === 'string' ? body.token.trim() : '';
    // A refusal is returned from the transaction rather than thrown, so a counted wrong code is committed.
    const outcome = await this.o.db.run(async (tx) => {
      const user = linkToken ? await this.consumeRecovery(tx, linkToken) : email && code ? await this.consumeRecoveryCode(tx, email, code) : null;
      return user ? { status: 200, body: await this.session(tx, user, 'otp') } : null;
    });
    if (!outcome) throw authError(403, 'otp_expired', 'Token has expired or is invalid');
    return outcome;
  }

  /** The caller's own factor; another user's id answers as an unknown one, revealing nothing. */
  private async ownFactor(tx: Tx, userId: string, factorId: string): Promise<FactorRow> {
    const factor = UUID.test(factorId)
      ? (
          await tx.query<FactorRow>(
            'select id, friendly_name, factor_type, status, secret, created_at, updated_at from auth.mfa_factors where id = $1 and user_id = $2',
            [factorId, userId],
          )
        ).rows[0]
      : undefined;
    if (!factor) throw authError(404, 'mfa_factor_not_found', 'Factor not found');
    return factor;
  }

  private async enrollFactor(req: AuthRequest): Promise<AuthResult> {
    const body = this.body(req);
    if (body.factor_type !== 'totp') {
      throw authError(400, 'mfa_factor_type_not_supported', 'Only the totp factor type is supported by the embedded auth service');
    }
    const friendlyName = typeof body.friendly_name === 'string' && body.friendly_name.trim() !== '' ? body.friendly_name.trim() : null;
    const issuer = typeof body.issuer === 'string' && body.issuer.trim() !== '' ? body.issuer.trim() : TOTP_ISSUER;
    return this.o.db.run(async (tx) => {
      const { user, aal } = await this.caller(tx, req);
      const factors = await factorsOf(tx, user.id);
      if (aal !== 'aal2' && factors.some((f) => f.status === 'verified')) {
        throw authError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
      }
      if (friendlyName !== null && factors.some((f) => f.friendly_name === friendlyName)) {
        throw authError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
      }
      // An abandoned enrolment is replaced rather than piling up, as GoTrue cleans up unverified factors.
      await tx.query("delete from auth.mfa_factors where user_id = $1 and status = 'unverified'", [user.id]);
      const secret = new Secret({ size: 20 }).base32;
      const totp = new TOTP({ issuer, label: user.email ?? user.id, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
      const uri = totp.toString();
      const row = (
        await tx.query<{ id: string }>(
          `insert into auth.mfa_factors (user_id, friendly_name, factor_type, secret) values ($1, $2, 'totp', $3) returning id`,
          [user.id, friendlyName, secret],
        )
      ).rows[0];
      if (!row) throw authError(500, 'unexpected_failure', 'Could not save the factor');
      const qr = await QRCode.toString(uri, { type: 'svg', margin: 1 });
      return {
        status: 200,
        body: { id: row.id, type: 'totp', friendly_name: friendlyName ?? '', totp: { qr_code: qr, secret, uri } },
      };
    });
  }

  private async challengeFactor(req: AuthRequest, factorId: string): Promise<AuthResult> {
    return this.o.db.run(async (tx) => {
      const { user } = await this.caller(tx, req);
      const factor = await this.ownFactor(tx, user.id, factorId);
      const row = (
        await tx.query<{ id: string; created_at: string }>('insert into auth.mfa_challenges (factor_id) values ($1) returning id, created_at', [
          factor.id,
        ])
      ).rows[0];
      if (!row) throw authError(500, 'unexpected_failure', 'Could not create the challenge');
      const expiresAt = Math.floor(new Date(row.created_at).getTime() / 1000) + CHALLENGE_TTL_SECONDS;
      return { status: 200, body: { id: row.id, type: 'totp', expires_at: expiresAt } };
    });
  }

  private async verifyFactor(req: AuthRequest, factorId: string): Promise<AuthResult> {
    this.limitVerifications();
    const body = this.body(req);
    const challengeId = typeof body.challenge_id === 'string' ? body.challenge_id : '';
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    return this.o.db.run(async (tx) => {
      const { user, sessionId } = await this.caller(tx, req);
      const refused = this.mfaChecks.take(user.id);
      if (refused) {
        throw tooMany('over_request_rate_limit', (wait) => `Too many two-factor codes checked for this account. Try again in ${wait}.`, refused.retryAfterSeconds);
      }
      const factor = await this.ownFactor(tx, user.id, factorId);
      const challenge = UUID.test(challengeId)
        ? (
            await tx.query<{ id: string; verified_at: string | null; age: number }>(
              `select id, verified_at, extract(epoch from now() - created_at)::float8 as age
               from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
              [challengeId, factor.id],
            )
          ).rows[0]
        : undefined;
      if (!challenge || challenge.verified_at !== null) {
        throw authError(404, 'mfa_challenge_not_found', 'Challenge not found');
      }
      if (challenge.age > CHALLENGE_TTL_SECONDS) {
        // Returned, not thrown, so the expired challenge's removal is committed.
        await tx.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
        const expired = authError(422, 'mfa_challenge_expired', `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
        return { status: expired.status, body: expired.body };
      }
      if (!/^\d{6}$/.test(code) || totpFor(factor.secret, user.email ?? user.id).validate({ token: code, window: TOTP_WINDOW }) === null) {
        // Counted and committed (returned, not thrown): after a few wrong codes the challenge is gone.
        const tries = (
          await tx.query<{ n: number }>('update auth.mfa_challenges set failed_attempts = failed_attempts + 1 where id = $1 returning failed_attempts as n', [challenge.id])
        ).rows[0]?.n ?? 0;
        if (tries >= LIMITS.totpTriesPerChallenge) await tx.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
        const wrong = authError(
          422,
          'mfa_verification_failed',
          tries >= LIMITS.totpTriesPerChallenge ? 'Invalid TOTP code entered. Too many wrong codes: start a new challenge.' : 'Invalid TOTP code entered',
        );
        return { status: wrong.status, body: wrong.body };
      }
      await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
      await tx.query("update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1", [factor.id]);
      if (!sessionId) throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      const now = Math.floor(Date.now() / 1000);
      await tx.query(
        `update auth.sessions set aal = 'aal2', amr = (select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(amr) e
           where e ->> 'method' <> 'totp') || $2::jsonb, updated_at = now() where id = $1`,
        [sessionId, JSON.stringify([{ method: 'totp', timestamp: now }])],
      );
      // The step-up issues fresh tokens in the same session; the old refresh token is spent.
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [sessionId]);
      return { status: 200, body: await this.session(tx, user, 'totp', { sessionId }) };
    });
  }

  private async unenrollFactor(req: AuthRequest, factorId: string): Promise<AuthResult> {
    return this.o.db.run(async (tx) => {
      const { user, sessionId, aal } = await this.caller(tx, req);
      const factor = await this.ownFactor(tx, user.id, factorId);
      if (factor.status === 'verified' && aal !== 'aal2') {
        throw authError(403, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
      }
      await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
      const verifiedLeft = (await factorsOf(tx, user.id)).some((f) => f.status === 'verified');
      // Without a verified factor left there is no second factor to vouch for; later tokens say aal1.
      if (!verifiedLeft && sessionId) {
        await tx.query(
          `update auth.sessions set aal = 'aal1', amr = (select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(amr) e
             where e ->> 'method' <> 'totp') where user_id = $1`,
          [user.id],
        );
      }
      return { status: 200, body: { id: factor.id } };
    });
  }
}
