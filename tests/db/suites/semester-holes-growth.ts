// What a semester of use found (issue 26): the second factor on every table a student reaches, read
// from the catalogue so a new table cannot forget it; chat limits that deleting a message does not
// undo; what the database keeps of idempotency ids, runs and rate logs bounded by age, and a student's
// mutations per minute and per day; an access token refused as soon as its session is gone.
import { beforeEach, describe, expect, it } from 'vitest';
import { ageAccount, balance, createPlayer, createUser } from '../harness/fixtures.ts';
import { tx } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

const PER_MINUTE = 'Too many changes at once: at most 120 a minute. The rest wait on this device and are sent in a moment.';
const PER_DAY = 'Too many changes today: at most 3,000 a day. The rest wait on this device and are sent within a day.';
const TOO_FAST = 'You are sending messages too fast: at most 5 messages every 10 seconds. Wait a moment and try again.';
const SESSION_ENDED = 'This session has ended (signed out everywhere, or the password changed): sign in again.';

type Op = { id: string; kind: string; args: Record<string, unknown> };
type OpResult = { id: string; ok: boolean; code?: string; message?: string; result?: unknown };
const plays = (n: number): Op[] => Array.from({ length: n }, () => ({ id: crypto.randomUUID(), kind: 'record_app_played', args: { p_app_id: 'snake' } }));

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

  describe('a flood of mutations (item 2)', () => {
    let me: string;
    beforeEach(async () => {
      me = await createPlayer(db, 'flood_growth');
    });
    const drain = async (ops: Op[]) => {
      const outcome = await request(me, 'select public.apply_mutations($1::jsonb) as r', [JSON.stringify(ops)]);
      expect(outcome.ok, outcome.message).toBe(true);
      return outcome.rows?.[0]?.r as OpResult[];
    };
    const stored = async (userId = me) =>
      (await db.query<{ n: number }>('select count(*)::int as n from public.client_mutations where user_id = $1', [userId])).rows[0]?.n;
    /** `seconds` pass for this student's mutation windows. */
    const later = (seconds: number) =>
      db.query(
        `update app_private.mutation_rates set minute_start = minute_start - make_interval(secs => $2), day_start = day_start - make_interval(secs => $2) where user_id = $1`,
        [me, seconds],
      );

    it('applies 120 in a minute, refuses the 121st with words and "try later" on every way in, and stores nothing for it', async () => {
      expect((await drain(plays(100))).every((r) => r.ok)).toBe(true);
      const second = await drain(plays(30));
      expect(second.filter((r) => r.ok)).toHaveLength(20);
      expect(second.slice(20)).toEqual(second.slice(20).map((r) => ({ id: r.id, ok: false, code: 'PT429', message: PER_MINUTE })));
      expect(await request(me, "select public.record_app_played('snake', $1)", [crypto.randomUUID()])).toEqual({ ok: false, code: 'PT429', message: PER_MINUTE });
      expect(await stored()).toBe(120);
      // A replay changes nothing, so it is answered even at the limit.
      const first = await drain(plays(0).concat(second.slice(0, 1).map((r) => ({ id: r.id, kind: 'record_app_played', args: { p_app_id: 'snake' } }))));
      expect(first).toEqual([second[0]]);
      await later(59);
      expect((await drain(plays(1)))[0]?.ok).toBe(false);
      await later(2);
      expect((await drain(plays(1)))[0]).toMatchObject({ ok: true });
    });

    it('refuses the 3,001st of a day, and goes on once the day has passed', async () => {
      await drain(plays(1));
      await db.query('update app_private.mutation_rates set day_count = 2999 where user_id = $1', [me]);
      expect((await drain(plays(1)))[0]).toMatchObject({ ok: true });
      expect((await drain(plays(1)))[0]).toMatchObject({ ok: false, code: 'PT429', message: PER_DAY });
      await later(60 * 60 * 24 - 1);
      expect((await drain(plays(1)))[0]).toMatchObject({ ok: false, message: PER_DAY });
      await later(2);
      expect((await drain(plays(1)))[0]).toMatchObject({ ok: true });
    });

    it('sweeps idempotency rows older than 35 days, at most 8 a mutation, whoever they belong to', async () => {
      const gone = await createUser(db);
      await db.query(
        `insert into public.client_mutations (user_id, client_id, kind, result) select $1, gen_random_uuid(), 'record_app_played', '{}' from generate_series(1, 13)`,
        [gone],
      );
      // Aged after the insert, which an update does not sweep: 12 rows just past 35 days, 1 just inside.
      await db.query(
        `update public.client_mutations m set created_at = now() - interval '35 days 1 second' - make_interval(secs => o.n)
         from (select client_id, row_number() over (order by client_id) as n from public.client_mutations where user_id = $1) o
         where m.user_id = $1 and m.client_id = o.client_id`,
        [gone],
      );
      await db.query(
        `update public.client_mutations set created_at = now() - interval '34 days 23 hours'
         where user_id = $1 and client_id = (select client_id from public.client_mutations where user_id = $1 order by client_id desc limit 1)`,
        [gone],
      );
      expect(await stored(gone)).toBe(13);
      await drain(plays(1));
      expect(await stored(gone)).toBe(5);
      await drain(plays(1));
      expect(await stored(gone)).toBe(1);
      await drain(plays(3));
      expect(await stored(gone)).toBe(1);
    });

    it('answers a replay with its first result, changing nothing, for as long as the outbox may send it again', async () => {
      const [op] = plays(1) as [Op];
      const [first] = await drain([op]);
      expect(first).toMatchObject({ ok: true, result: { coins: 1 } });
      const coins = await balance(db, me);
      // Just inside the 35 days kept, after other students' mutations swept what they could.
      await db.query(`update public.client_mutations set created_at = now() - interval '34 days 23 hours 59 minutes' where user_id = $1`, [me]);
      const other = await createPlayer(db, 'other_growth');
      await request(other, 'select public.apply_mutations($1::jsonb)', [JSON.stringify(plays(10))]);
      expect(await drain([op])).toEqual([first]);
      expect(await balance(db, me)).toBe(coins);
    });
  });

  describe('the rate logs, swept by age as they grow (item 2)', () => {
    const logs = [
      { table: 'app_private.game_runs', column: 'started_at', age: '1 day', columns: 'run_id, user_id, app_id', values: "gen_random_uuid(), $1, 'snake'" },
      { table: 'app_private.score_submissions_log', column: 'sent_at', age: '1 day', columns: 'user_id, app_id', values: "$1, 'snake'" },
      { table: 'app_private.game_save_writes', column: 'written_at', age: '1 minute', columns: 'user_id', values: '$1' },
      { table: 'app_private.chat_sends', column: 'sent_at', age: '30 seconds', columns: 'user_id', values: '$1' },
      { table: 'app_private.popular_plays', column: 'played_at', age: '7 days', columns: 'user_id, app_id', values: '$1, gen_random_uuid()::text' },
    ];
    for (const log of logs) {
      it(`keeps ${log.age} of ${log.table}: each insert sweeps up to 8 older rows, a departed student's too`, async () => {
        const gone = await createUser(db);
        const now = await createUser(db);
        const insert = (who: string, n = 1) =>
          db.query(`insert into ${log.table} (${log.columns}) select ${log.values} from generate_series(1, $2)`, [who, n]);
        const count = async () => (await db.query<{ n: number }>(`select count(*)::int as n from ${log.table} where user_id = $1`, [gone])).rows[0]?.n;
        await insert(gone, 11);
        // Aged after the insert, which an update does not sweep: 10 rows just past the age, 1 just inside.
        await db.query(`update ${log.table} set ${log.column} = now() - $2::interval - interval '1 second' where user_id = $1`, [gone, log.age]);
        await db.query(
          `update ${log.table} set ${log.column} = now() - $2::interval + interval '2 seconds' where ctid = (select ctid from ${log.table} where user_id = $1 limit 1)`,
          [gone, log.age],
        );
        await insert(now);
        expect(await count()).toBe(3);
        await insert(now);
        expect(await count()).toBe(1);
      });
    }
  });

  describe('chat limits that deleting a message does not undo (item 7)', () => {
    let ann: string;
    beforeEach(async () => {
      ann = await createPlayer(db, 'ann_growth');
    });
    const send = (device: string) => request(ann, 'select public.send_chat_message($1, $2)', ['hello', crypto.randomUUID()], { device });
    const deleteAll = () => request(ann, 'delete from public.chat_messages where user_id = $1', [ann]);

    it('counts 5 sends per 10 seconds even when each message is deleted at once, from any address', async () => {
      await ageAccount(db, ann);
      for (let i = 0; i < 5; i += 1) {
        expect(await send(`10.0.0.${i + 1}`)).toMatchObject({ ok: true });
        expect(await deleteAll()).toMatchObject({ ok: true });
      }
      expect(await send('10.0.0.9')).toEqual({ ok: false, code: 'P0001', message: TOO_FAST });
      expect(await request(ann, 'insert into public.chat_messages (user_id, body) values ($1, $2)', [ann, 'hi'], { device: '10.0.0.10' })).toMatchObject({
        ok: false,
        message: TOO_FAST,
      });
    });

    it("holds a new account to 3 sends per 30 seconds the same way", async () => {
      await ageAccount(db, ann, '1 hour');
      for (let i = 0; i < 3; i += 1) {
        expect(await send(`10.0.1.${i + 1}`)).toMatchObject({ ok: true });
        await deleteAll();
      }
      expect(await send('10.0.1.9')).toMatchObject({ ok: false, code: 'P0001', message: expect.stringMatching(/^Your account is new/) });
    });
  });

  describe('an access token whose session is gone (item 11)', () => {
    let me: string;
    let session: string;
    beforeEach(async () => {
      me = await createPlayer(db, 'session_growth');
      session = crypto.randomUUID();
      // As GoTrue writes a session (its id has no default there).
      await db.query('insert into auth.sessions (id, user_id, created_at, updated_at) values ($1, $2, now(), now())', [session, me]);
    });
    const check = (claims: object) => request(me, 'select app_rls.require_live_session()', [], { claims });

    it('passes while the session exists, and refuses with PT401 once it is gone (a global sign-out, a password change)', async () => {
      expect(await check({ session_id: session })).toMatchObject({ ok: true });
      await db.query('delete from auth.sessions where user_id = $1', [me]);
      expect(await check({ session_id: session })).toEqual({ ok: false, code: 'PT401', message: SESSION_ENDED });
    });

    it('refuses a signed-in token that names no session, or not a session id', async () => {
      expect(await check({})).toEqual({ ok: false, code: 'PT401', message: SESSION_ENDED });
      expect(await check({ session_id: 'not-a-uuid' })).toEqual({ ok: false, code: 'PT401', message: SESSION_ENDED });
      expect(await check({ session_id: crypto.randomUUID() })).toEqual({ ok: false, code: 'PT401', message: SESSION_ENDED });
    });

    it('lets anon and the service role through, which have no session', async () => {
      for (const role of ['anon', 'service_role']) {
        const rows = await tx(db, async (t) => {
          await t.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role })]);
          await t.exec(`set local role ${role}`);
          return (await t.query('select 1 as ok from (select app_rls.require_live_session()) as checked')).rows;
        });
        expect(rows, role).toEqual([{ ok: 1 }]);
      }
    });

    it("is hosted PostgREST's pre-request function wherever an authenticator role exists", async () => {
      const { rows } = await db.query<{ setting: string | null; role: boolean }>(
        `select exists (select 1 from pg_roles where rolname = 'authenticator') as role,
                (select s.setting from pg_db_role_setting d join pg_roles r on r.oid = d.setrole, unnest(d.setconfig) s (setting)
                 where r.rolname = 'authenticator' and s.setting like 'pgrst.db_pre_request=%' limit 1) as setting`,
      );
      const [row] = rows;
      expect(row?.setting ?? null).toBe(row?.role ? 'pgrst.db_pre_request=app_rls.require_live_session' : null);
    });
  });
}
