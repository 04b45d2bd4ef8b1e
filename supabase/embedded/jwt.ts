// HS256 keys as the Supabase CLI makes them, so a local anon key looks and verifies like a hosted one.
import { SignJWT, jwtVerify, errors } from 'jose';

export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
// The CLI's demo keys expire in 2032; keep the same claim so the keys are byte-identical to its own.
const DEMO_KEY_EXP = 1983812996;

export type ApiRole = 'anon' | 'authenticated' | 'service_role';
export const API_ROLES: readonly ApiRole[] = ['anon', 'authenticated', 'service_role'];

export type Claims = Record<string, unknown> & { role: ApiRole; sub?: string; exp?: number };

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid' | 'role' };

export class Keys {
  private readonly key: Uint8Array;

  private constructor(
    readonly secret: string,
    readonly anonKey: string,
    readonly serviceRoleKey: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  static async create(secret: string): Promise<Keys> {
    const key = new TextEncoder().encode(secret);
    const demo = (role: ApiRole) =>
      new SignJWT({ iss: 'supabase-demo', role, exp: DEMO_KEY_EXP })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(key);
    return new Keys(secret, await demo('anon'), await demo('service_role'));
  }

  sign(payload: Record<string, unknown>): Promise<string> {
    return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const role = payload.role;
      if (typeof role !== 'string' || !(API_ROLES as readonly string[]).includes(role)) return { ok: false, reason: 'role' };
      return { ok: true, claims: payload as Claims };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
