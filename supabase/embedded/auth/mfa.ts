// Authenticator-app (TOTP) second factors: POST /factors enrols one, POST /factors/:id/challenge
// opens a challenge, POST /factors/:id/verify answers it (the factor is verified and the session
// steps up to aal2), DELETE /factors/:id removes one. Each acts for the caller on the caller's own
// factors only.
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Tx } from '../database.ts';
import { LIMITS } from '../limits.ts';
import { WindowLimiter } from '../rate-limit.ts';
import type { AuthContext } from './context.ts';
import { MINUTE } from './guards.ts';
import { authError, jsonBody, tooMany, type AuthRequest, type AuthResult } from './protocol.ts';
import { FACTOR_COLUMNS, factorsOf, type FactorRow } from './users.ts';

// GoTrue's defaults: a challenge must be answered within 5 minutes; codes are 6 digits every 30 s,
// and the code of the step before or after is accepted too, for clocks a little apart.
const CHALLENGE_TTL_SECONDS = 300;
const TOTP_WINDOW = 1;
const TOTP_ISSUER = 'Hollowed Portal';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

export class Mfa {
  /** Per account: codes checked, whichever devices send them. */
  private readonly checks: WindowLimiter;

  constructor(private readonly ctx: AuthContext) {
    this.checks = new WindowLimiter(ctx.o.limits.mfa_verifications_per_account, 5 * MINUTE);
  }

  async enroll(req: AuthRequest): Promise<AuthResult> {
    const { o, sessions } = this.ctx;
    const body = jsonBody(req);
    if (body.factor_type !== 'totp') {
      throw authError(400, 'mfa_factor_type_not_supported', 'Only the totp factor type is supported by the embedded auth service');
    }
    const friendlyName = typeof body.friendly_name === 'string' && body.friendly_name.trim() !== '' ? body.friendly_name.trim() : null;
    const issuer = typeof body.issuer === 'string' && body.issuer.trim() !== '' ? body.issuer.trim() : TOTP_ISSUER;
    return o.db.run(async (tx) => {
      const { user, aal } = await sessions.caller(tx, req);
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

  async challenge(req: AuthRequest, factorId: string): Promise<AuthResult> {
    const { o, sessions } = this.ctx;
    return o.db.run(async (tx) => {
      const { user } = await sessions.caller(tx, req);
      const factor = await ownFactor(tx, user.id, factorId);
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

  async verify(req: AuthRequest, factorId: string): Promise<AuthResult> {
    const { o, guards, sessions } = this.ctx;
    guards.limitVerifications();
    const body = jsonBody(req);
    const challengeId = typeof body.challenge_id === 'string' ? body.challenge_id : '';
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    return o.db.run(async (tx) => {
      const { user, sessionId } = await sessions.caller(tx, req);
      const refused = this.checks.take(user.id);
      if (refused) {
        throw tooMany('over_request_rate_limit', (wait) => `Too many two-factor codes checked for this account. Try again in ${wait}.`, refused.retryAfterSeconds);
      }
      const factor = await ownFactor(tx, user.id, factorId);
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
      return { status: 200, body: await sessions.issue(tx, user, 'totp', { sessionId }) };
    });
  }

  async unenroll(req: AuthRequest, factorId: string): Promise<AuthResult> {
    const { o, sessions } = this.ctx;
    return o.db.run(async (tx) => {
      const { user, sessionId, aal } = await sessions.caller(tx, req);
      const factor = await ownFactor(tx, user.id, factorId);
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

/** The caller's own factor; another user's id answers as an unknown one, revealing nothing. */
async function ownFactor(tx: Tx, userId: string, factorId: string): Promise<FactorRow> {
  const factor = UUID.test(factorId)
    ? (await tx.query<FactorRow>(`select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2`, [factorId, userId])).rows[0]
    : undefined;
  if (!factor) throw authError(404, 'mfa_factor_not_found', 'Factor not found');
  return factor;
}
