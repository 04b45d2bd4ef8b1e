// The account itself: GET /user and PUT /user (password, e-mail address, metadata) for the signed-in
// user, and POST /admin/users (auth.admin.createUser) for the service role.
import { LIMITS } from '../limits.ts';
import type { AuthContext } from './context.ts';
import { validEmail, validMetadata, validPassword } from './input.ts';
import { authError, bearerToken, jsonBody, type AuthRequest, type AuthResult } from './protocol.ts';
import { factorsOf, USER_COLUMNS, userBody, userJson, type UserRow } from './users.ts';

export class UserManagement {
  constructor(private readonly ctx: AuthContext) {}

  async get(req: AuthRequest): Promise<AuthResult> {
    const { o, sessions } = this.ctx;
    return o.db.run(async (tx) => ({ status: 200, body: await userBody(tx, (await sessions.caller(tx, req)).user) }));
  }

  async update(req: AuthRequest): Promise<AuthResult> {
    const { o, sessions } = this.ctx;
    const body = jsonBody(req);
    const data = body.data === undefined ? undefined : validMetadata(body.data);
    // The password is checked and hashed before the transaction, so bcrypt never holds the database.
    const caller = await o.db.run((tx) => sessions.caller(tx, req));
    const password = body.password === undefined ? undefined : validPassword(body.password, [caller.user.email ?? '']);
    let hash: string | null = null;
    if (password !== undefined) {
      const current = (
        await o.db.run(async (tx) => (await tx.query<{ p: string | null }>('select encrypted_password as p from auth.users where id = $1', [caller.user.id])).rows)
      )[0]?.p;
      if (current && (await o.hasher.verify(password, current))) {
        throw authError(422, 'same_password', 'New password should be different from the old password.');
      }
      hash = await o.hasher.hash(password);
    }
    return o.db.run(async (tx) => {
      const { user, sessionId, aal } = await sessions.caller(tx, req);
      if ((password !== undefined || body.email !== undefined) && aal !== 'aal2' && (await factorsOf(tx, user.id)).some((f) => f.status === 'verified')) {
        throw authError(403, 'insufficient_aal', 'AAL2 session is required to change the e-mail address or the password of an account with two-factor sign-in.');
      }
      if (hash !== null) {
        await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [user.id, hash]);
        // Whoever holds another session (a stolen refresh token among them) is out; this one stays.
        await tx.query('delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)', [user.id, sessionId]);
      }
      if (body.email !== undefined) {
        const email = validEmail(body.email);
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

  /**
   * GoTrue's admin API for making a user (auth.admin.createUser): the service role only. Operators and
   * the contract tests make accounts this way on any project, confirmations on or off.
   */
  async adminCreate(req: AuthRequest): Promise<AuthResult> {
    const { o } = this.ctx;
    const token = bearerToken(req) ?? '';
    const verified = token ? await o.keys.verify(token) : null;
    if (!verified?.ok || verified.claims.role !== 'service_role') throw authError(403, 'not_admin', 'User not allowed');
    const body = jsonBody(req);
    const email = validEmail(body.email);
    const data = body.user_metadata === undefined ? {} : validMetadata(body.user_metadata);
    const password = validPassword(body.password, [email]);
    const hash = await o.hasher.hash(password);
    const confirmed = body.email_confirm === true;
    return o.db.run(async (tx) => {
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
}
