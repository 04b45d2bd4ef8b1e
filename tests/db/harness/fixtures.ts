// Rows the tests start from, written as the operator: users made the way GoTrue makes them, profiles,
// and coins.
import type { Session, Sql } from './session.ts';

/** GoTrue's instance id for a single-tenant project. */
const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
/** A bcrypt hash of "password", as GoTrue stores one; computing one per user would cost more than the test. */
const PASSWORD_HASH = '$2a$10$C8VgjeAc2Asx2IuOVe026.I0rGDNrFtymrPKYgVEYCTH3LQZSH9km';

/**
 * The columns GoTrue fills when an e-mail user signs up (with confirmation off): an explicit id (the
 * real auth.users.id has no default), empty token strings rather than nulls (GoTrue reads them as
 * strings), and the provider in the app metadata. Only the columns this database's auth.users has are
 * written, so the same helper serves the local bootstrap and a GoTrue schema.
 */
const USER_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['instance_id', `'${INSTANCE_ID}'`],
  ['id', '$1'],
  ['aud', `'authenticated'`],
  ['role', `'authenticated'`],
  ['email', '$2'],
  ['encrypted_password', `'${PASSWORD_HASH}'`],
  ['email_confirmed_at', 'now()'],
  ['confirmation_token', `''`],
  ['recovery_token', `''`],
  ['email_change_token_new', `''`],
  ['email_change', `''`],
  ['raw_app_meta_data', `'{"provider":"email","providers":["email"]}'`],
  ['raw_user_meta_data', `'{}'`],
  ['created_at', 'now()'],
  ['updated_at', 'now()'],
];

interface UserStatements {
  /** $1 id, $2 e-mail. */
  user: string;
  /** $1 id, $2 e-mail, $3 id as text. */
  identity: string | null;
}

const statements = new WeakMap<Session, UserStatements>();

function userStatements(db: Session): UserStatements {
  let made = statements.get(db);
  if (!made) {
    const columns = USER_COLUMNS.filter(([column]) => db.auth.usersColumns.has(column));
    made = {
      user: `insert into auth.users (${columns.map(([c]) => c).join(', ')}) values (${columns.map(([, v]) => v).join(', ')})`,
      // GoTrue's identity of an e-mail user: the provider id is the user id.
      identity: db.auth.identities
        ? `insert into auth.identities (id, user_id, provider_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
           values (gen_random_uuid(), $1, $3,
             jsonb_build_object('sub', $3::text, 'email', $2::text, 'email_verified', true, 'phone_verified', false),
             'email', now(), now(), now())`
        : null,
    };
    statements.set(db, made);
  }
  return made;
}

export async function createUser(db: Session, email = `${crypto.randomUUID()}@example.test`): Promise<string> {
  const id = crypto.randomUUID();
  const { user, identity } = userStatements(db);
  await db.query(user, [id, email]);
  if (identity) await db.query(identity, [id, email, id]);
  return id;
}

/** A user with a profile of the given username. */
export async function createPlayer(db: Session, username?: string): Promise<string> {
  const id = await createUser(db);
  await db.query('insert into public.my_users (user_id, username) values ($1, $2)', [id, username ?? `p_${id.slice(0, 8)}`]);
  return id;
}

export async function giveCoins(db: Sql, userId: string, amt: number, why = 'test grant'): Promise<void> {
  await db.query('insert into public.coins_transactions (user_id, amt, why) values ($1, $2, $3)', [userId, amt, why]);
}

export async function balance(db: Sql, userId: string): Promise<number> {
  const { rows } = await db.query<{ total: string }>(
    'select coalesce(sum(amt), 0)::text as total from public.coins_transactions where user_id = $1',
    [userId],
  );
  return Number(rows[0]?.total ?? 0);
}

/**
 * Moves an account's sign-up back by `age` (an interval), standing in for the time passing since: the
 * chat holds accounts in their first day to a tighter limit, and most tests are about students past
 * it. "Popular this week" keeps a copy of the sign-up time beside each of the account's plays
 * (app_private.popular_plays), which time passing would age too, so the copies move back with it.
 */
export async function ageAccount(db: Sql, userId: string, age = '30 days'): Promise<void> {
  await db.query('update auth.users set created_at = now() - $2::interval where id = $1', [userId, age]);
  await db.query('update app_private.popular_plays set account_created_at = now() - $2::interval where user_id = $1', [userId, age]);
}
