// What a semester of use found (issue 26): the second factor on every table a student reaches, read
// from the catalogue so a new table cannot forget it; chat limits that deleting a message does not
// undo; what the database keeps of idempotency ids, runs and rate logs bounded by age, and a student's
// mutations per minute and per day; an access token refused as soon as its session is gone.
import { beforeEach, describe, expect, it } from 'vitest';
import { ageAccount, createPlayer } from '../harness/fixtures.ts';
import { tx } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

const SECOND_FACTOR_POLICY = 'second factor when the account has one';

interface Outcome {
  ok: boolean;
  code?: string;
  message?: string;
  rows?: Record<string, unknown>[];
}

export function semesterHolesGrowthSuite(ctx: DbContext): void {
  const { db } = ctx;

  /** One request as `actor` with these extra claims and headers; its rows or its error. */
  async function request(actor: string, text: string, params: unknown[] = [], extra: { claims?: object; device?: string } = {}): Promise<Outcome> {
    try {
      const rows = await tx(db, async (t) => {
        if (extra.device) await t.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-device-address': extra.device })]);
        await t.actAs(actor);
        if (extra.claims) {
          await t.query(`select set_config('request.jwt.claims', $1, true)`, [
            JSON.stringify({ sub: actor, role: 'authenticated', aud: 'authenticated', ...extra.claims }),
          ]);
        }
        return (await t.query<Record<string, unknown>>(text, params)).rows;
      });
      return { ok: true, rows };
    } catch (error) {
      const { code, message } = error as { code?: string; message: string };
      return { ok: false, code: code ?? '', message };
    }
  }

  describe('the second factor on every table a student reaches (item 8)', () => {
    it('is on every public table where a signed-in student may read or write what a signed-out visitor may not', async () => {
      // From the catalogue, not a list: a table added later without the policy fails here.
      const { rows } = await db.query<{ table: string; rls: boolean; policy: boolean }>(
        `select c.relname as table, c.relrowsecurity as rls,
                exists (
                  select 1 from pg_policies p
                  where p.schemaname = 'public' and p.tablename = c.relname and p.permissive = 'RESTRICTIVE'
                    and p.cmd = 'ALL' and p.roles && array['authenticated', 'public']::name[]
                    and p.qual like '%app_rls.mfa_satisfied()%' and p.with_check like '%app_rls.mfa_satisfied()%'
                ) as policy
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p')
           -- What a signed-out visitor may do as well, a password alone adds nothing to.
           and (exists (
             select 1 from unnest(array['SELECT', 'INSERT', 'UPDATE']) as p (privilege)
             where has_any_column_privilege('authenticated', c.oid, p.privilege)
               and not has_any_column_privilege('anon', c.oid, p.privilege)
           )
           or (has_table_privilege('authenticated', c.oid, 'DELETE') and not has_table_privilege('anon', c.oid, 'DELETE')))
         order by 1`,
      );
      // The query finds the tables students own rows of; an empty list would prove nothing.
      expect(rows.map((r) => r.table)).toEqual(expect.arrayContaining(['my_users', 'coins_transactions', 'game_saves', 'moderators']));
      expect(rows.filter((r) => !r.rls || !r.policy).map((r) => r.table)).toEqual([]);
    });

    describe('an account with an authenticator, signed in with its password only', () => {
      let me: string;
      beforeEach(async () => {
        me = await createPlayer(db, 'mfa_growth');
        await db.query(
          `insert into auth.mfa_factors (id, user_id, factor_type, status, secret, created_at, updated_at)
           values (gen_random_uuid(), $1, 'totp', 'verified', 'JBSWY3DPEHPK3PXP', now(), now())`,
          [me],
        );
        await db.query(
          `insert into public.game_saves (user_id, app_id, state, device_id, saved_at) values ($1, 'snake', '{}', gen_random_uuid(), now())`,
          [me],
        );
        await db.query(`insert into public.creator_applications (user_id, pitch) values ($1, 'Speedruns of Snake')`, [me]);
        await db.query(`insert into public.moderators (user_id) values ($1)`, [me]);
      });

      it('reads none of its save, creator application or moderator row, and all of them after the code', async () => {
        const reads = [
          'select app_id from public.game_saves where user_id = $1',
          'select pitch from public.creator_applications where user_id = $1',
          'select user_id from public.moderators where user_id = $1',
        ];
        for (const read of reads) {
          expect(await request(me, read, [me], { claims: { aal: 'aal1' } }), read).toEqual({ ok: true, rows: [] });
          expect((await request(me, read, [me], { claims: { aal: 'aal2' } })).rows, read).toHaveLength(1);
        }
      });
    });
  });
}
