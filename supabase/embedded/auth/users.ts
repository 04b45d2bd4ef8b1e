// Users and their second factors as auth.users and auth.mfa_factors keep them, and as GoTrue shows them.
import type { Tx } from '../database.ts';

export interface UserRow {
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

export const USER_COLUMNS = `id, aud, role, email, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  is_anonymous, created_at, updated_at`;

export interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  secret: string;
  created_at: string;
  updated_at: string;
}

export const FACTOR_COLUMNS = 'id, friendly_name, factor_type, status, secret, created_at, updated_at';

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

export function userJson(u: UserRow, factors: FactorRow[] = []): Record<string, unknown> {
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

export async function factorsOf(tx: Tx, userId: string): Promise<FactorRow[]> {
  return (await tx.query<FactorRow>(`select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at`, [userId])).rows;
}

/** The user with their factors, as GET /user and every session answer it. */
export async function userBody(tx: Tx, user: UserRow): Promise<Record<string, unknown>> {
  return userJson(user, await factorsOf(tx, user.id));
}
