// HS256 keys as the Supabase CLI makes them, so a local anon key looks and verifies like a hosted one.
import { SignJWT, jwtVerify, errors } from 'jose';

import { DEMO_JWT_SECRET } from './secrets.ts';

// The CLI's demo keys expire in 2032; keep the same claims so that with its secret the keys are
// byte-identical to its own.
const DEMO_KEY_EXP = 1983812996;

export type ApiRole = 'anon' | 'authenticated' | 'service_role';
export const API_ROLES: readonly ApiRole[] = ['anon', 'authenticated', 'service_role'];

export type Claims = Record<string, unknown> & { role: ApiRole; sub?: string; exp?: number };

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid' | 'role' };

/** How many checked tokens are remembered: a few per student of a busy classroom. */
const VERIFIED_TOKENS_KEPT = 2000;

export class Keys {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature, structure and role were already checked, with their claims. The HMAC check
   * costs more than a leaderboard query, and a client sends the same token on every request until it
   * is refreshed. Only what cannot change is remembered: the time claims are checked again on each use.
   */
  private readonly verified = new Map<string, Readonly<Claims>>();

  private constructor(
    readonly secret: string,
    readonly anonKey: string,
    readonly serviceRoleKey: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  static async create(secret: string): Promise<Keys> {
    const key = new TextEncoder().encode(secret);
    const iss = secret === DEMO_JWT_SECRET ? 'supabase-demo' : 'supabase';
    const apiKey = (role: ApiRole) =>
      new SignJWT({ iss, role, exp: DEMO_KEY_EXP }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    return new Keys(secret, await apiKey('anon'), await apiKey('service_role'));
  }

  sign(payload: Record<string, unknown>): Promise<string> {
    return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    const known = this.verified.get(token);
    if (known !== undefined) {
      const refused = Keys.timeRefusal(known);
      if (refused?.reason === 'expired') this.verified.delete(token);
      return refused ?? { ok: true, claims: known };
    }
    let claims: Claims;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const role = payload.role;
      if (typeof role !== 'string' || !(API_ROLES as readonly string[]).includes(role)) return { ok: false, reason: 'role' };
      claims = Object.freeze(payload) as Claims;
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, claims);
    return { ok: true, claims };
  }

  /**
   * jwtVerify's time checks, with its clock (whole seconds) and no tolerance: a remembered token is
   * refused from the same second a new check would refuse it. Null while the token is in its time.
   */
  private static timeRefusal(claims: Readonly<Claims>): Extract<VerifyResult, { ok: false }> | null {
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.nbf === 'number' && claims.nbf > now) return { ok: false, reason: 'invalid' };
    if (typeof claims.exp === 'number' && claims.exp <= now) return { ok: false, reason: 'expired' };
    return null;
  }
}
