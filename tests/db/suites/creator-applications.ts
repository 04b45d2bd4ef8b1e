// Creator applications (issue 20): a student applies within limits the database holds, whatever the
// page shows; a moderator grants (the creators row appears, naming who) or declines (the student reads
// why); every decision is recorded and undone by a later one; nobody decides on their own application;
// two moderators, or two tabs of one student, cannot both get their way.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IsolatedDatabase } from '../harness/engine.ts';
import { createPlayer } from '../harness/fixtures.ts';
import { as, errorOf, type Actor } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';
import type { Session } from '../harness/session.ts';

const PITCH = 'Short videos of my best Snake runs, with tips for beginners.';
const PENDING = 'Your application is already waiting for a moderator. Withdraw it first to send a new one.';
const NOT_WAITING = 'You have no application waiting: a moderator may have just decided on it.';

export function creatorApplicationsSuite(ctx: DbContext): void {
  describe('creator applications', () => {
    const { db } = ctx;
    let moderator: string;
    let student: string;

    beforeEach(async () => {
      moderator = await createPlayer(db, 'apps_keeper');
      student = await createPlayer(db, 'apps_student');
      await db.query('insert into public.moderators (user_id, granted_by) values ($1, $2)', [moderator, 'the operator']);
    });

    const apply = async (who: Actor, pitch = PITCH, platform: string | null = null, handle: string | null = null): Promise<number> =>
      Number((await as<{ id: string }>(db, who, 'select public.submit_creator_application($1, $2, $3)::text as id', [pitch, platform, handle]))[0]?.id);
    const refusalOf = (who: Actor, pitch: unknown, platform: unknown = null, handle: unknown = null) =>
      errorOf(db, who, 'select public.submit_creator_application($1, $2, $3)', [pitch, platform, handle]);
    const decide = async (id: number, grant: boolean, reason: string, who = moderator): Promise<number> =>
      Number((await as<{ d: string }>(db, who, 'select public.decide_creator_application($1, $2, $3)::text as d', [id, grant, reason]))[0]?.d);
    const undo = async (decision: number, reason: string): Promise<number> =>
      Number((await as<{ d: string }>(db, moderator, 'select public.undo_moderation_decision($1, $2)::text as d', [decision, reason]))[0]?.d);
    const own = async (who: Actor = student) =>
      (await as<Record<string, unknown>>(db, who, 'select id::text, pitch, platform, handle, status, closed_at is not null as closed, reason, refusal from public.get_own_creator_application()'))[0];
    const queue = async () =>
      as<{ application_id: string; username: string }>(db, moderator, 'select application_id::text, username, pitch, platform, handle from public.get_open_creator_applications()');
    const creatorRow = async (who = student) =>
      (await db.query<{ granted_by: string; application_id: string | null }>('select granted_by, application_id::text from public.creators where user_id = $1', [who])).rows;
    const isCreator = async (who = student) => (await as<{ c: boolean }>(db, who, 'select public.is_creator() as c'))[0]?.c;
    const applications = async () =>
      (await db.query<{ status: string }>('select status from public.creator_applications where user_id = $1 order by id', [student])).rows.map((r) => r.status);
    /** Moves the student's stored instants back, as time passing would. */
    const ago = (column: 'created_at' | 'closed_at', interval: string, where = 'true') =>
      db.query(`update public.creator_applications set ${column} = ${column} - $2::interval where user_id = $1 and ${where}`, [student, interval]);

    it('refuses anon every RPC, and a student every desk RPC, changing nothing', async () => {
      const id = await apply(student);
      for (const sql of [
        'public.submit_creator_application($1)',
        'public.withdraw_creator_application()',
        'public.get_own_creator_application()',
        'public.get_open_creator_applications()',
        `public.decide_creator_application(${id}, true, $1)`,
      ]) {
        const params = sql.includes('$1') ? [PITCH] : [];
        expect(await errorOf(db, null, `select * from ${sql}`, params), sql).toMatchObject({ code: '42501' });
      }
      for (const sql of ['public.get_open_creator_applications()', `public.decide_creator_application(${id}, true, 'mine')`]) {
        expect(await errorOf(db, student, `select * from ${sql}`), sql).toEqual({ code: '42501', message: 'Only a moderator can do this.' });
      }
      expect(await applications()).toEqual(['pending']);
      expect(await creatorRow()).toEqual([]);
    });

    it('takes a pitch and a channel, trimmed, and puts it in the queue with who sent it and when they joined', async () => {
      await db.query(`update public.my_users set created_at = '2026-09-01T08:00:00Z' where user_id = $1`, [student]);
      const id = await apply(student, `  ${PITCH}\n`, 'youtube', ' @Ann_Plays.2 ');
      expect(await own()).toEqual({ id: String(id), pitch: PITCH, platform: 'youtube', handle: 'Ann_Plays.2', status: 'pending', closed: false, reason: null, refusal: PENDING });
      const [row] = await as<Record<string, unknown>>(db, moderator,
        'select application_id::text, user_id, username, joined_at::text, pitch, platform, handle from public.get_open_creator_applications()');
      expect(row).toEqual({ application_id: String(id), user_id: student, username: 'apps_student', joined_at: expect.stringMatching(/^2026-09-01 08:00:00/), pitch: PITCH, platform: 'youtube', handle: 'Ann_Plays.2' });
      // Without a channel, and a pitch of exactly 500 characters (counted as characters, not bytes).
      await as(db, student, 'select public.withdraw_creator_application()');
      await apply(student, 'é'.repeat(500));
      expect(await own()).toMatchObject({ pitch: 'é'.repeat(500), platform: null, handle: null });
    });

    it('refuses a bad pitch or channel with words for the student, and keeps nothing', async () => {
      const refusals: [unknown, unknown, unknown, string][] = [
        ['', null, null, 'Say in a few words what you want to make.'],
        [null, null, null, 'Say in a few words what you want to make.'],
        [' \n\t ', null, null, 'Say in a few words what you want to make.'],
        ['\u200b\u2060\ufeff', null, null, 'Say in a few words what you want to make.'],
        ['Videos \u202eof chess', null, null, 'Your pitch cannot contain text-direction controls.'],
        ['x'.repeat(501), null, null, 'Your pitch can be at most 500 characters.'],
        [PITCH, 'myspace', 'ann', 'Choose the platform of your channel: YouTube, TikTok, Twitch, Instagram, X or Other.'],
        [PITCH, 'YouTube', 'ann', 'Choose the platform of your channel: YouTube, TikTok, Twitch, Instagram, X or Other.'],
        [PITCH, null, 'ann', 'Choose the platform of your channel: YouTube, TikTok, Twitch, Instagram, X or Other.'],
        [PITCH, 'twitch', '  ', "Enter your channel's handle, or choose no channel."],
        [PITCH, 'twitch', 'has space', 'A handle is up to 100 letters, digits, _ . or - (leave out the @ and the web address).'],
        [PITCH, 'twitch', 'https://twitch.tv/ann', 'A handle is up to 100 letters, digits, _ . or - (leave out the @ and the web address).'],
        [PITCH, 'twitch', 'a'.repeat(101), 'A handle is up to 100 letters, digits, _ . or - (leave out the @ and the web address).'],
      ];
      for (const [pitch, platform, handle, message] of refusals) {
        expect(await refusalOf(student, pitch, platform, handle), JSON.stringify([pitch, platform, handle])).toEqual({ code: '22023', message });
      }
      expect(await applications()).toEqual([]);
      expect(await as(db, student, 'select * from public.get_own_creator_application()')).toEqual([]);
    });

    it('keeps one application waiting at a time, even written straight into the table', async () => {
      await apply(student);
      expect(await refusalOf(student, 'Another idea')).toEqual({ code: 'P0001', message: PENDING });
      expect(await applications()).toEqual(['pending']);
      await expect(db.query(`insert into public.creator_applications (user_id, pitch) values ($1, 'sneaked in')`, [student])).rejects.toMatchObject({ code: '23505' });
    });

    it('refuses a creator', async () => {
      await db.query(`insert into public.creators (user_id, granted_by) values ($1, 'the operator')`, [student]);
      expect(await refusalOf(student, PITCH)).toEqual({ code: 'P0001', message: 'You are already a creator: your tools are on the creator page.' });
      expect(await applications()).toEqual([]);
    });

    it('lets a student withdraw their waiting application once, and counts it towards 3 in 30 days', async () => {
      const first = await apply(student);
      expect((await as<{ w: string }>(db, student, 'select public.withdraw_creator_application()::text as w'))[0]?.w).toBe(String(first));
      expect(await errorOf(db, student, 'select public.withdraw_creator_application()')).toEqual({ code: 'P0001', message: NOT_WAITING });
      expect(await queue()).toEqual([]);
      expect(await own()).toMatchObject({ status: 'withdrawn', closed: true, refusal: null });
      expect(await errorOf(db, moderator, 'select public.decide_creator_application($1, true, $2)', [first, 'Welcome.'])).toEqual({
        code: 'P0001',
        message: 'Its student withdrew that application.',
      });

      await apply(student);
      await as(db, student, 'select public.withdraw_creator_application()');
      await apply(student);
      await as(db, student, 'select public.withdraw_creator_application()');
      const limit = 'You sent 3 applications in the last 30 days. You can apply again in 30 days.';
      expect(await own()).toMatchObject({ refusal: limit });
      expect(await refusalOf(student, PITCH)).toEqual({ code: 'P0001', message: limit });
      // The oldest of the three is 29 days old: a day to go, in hours.
      await ago('created_at', '29 days', `id = ${first}`);
      expect(await refusalOf(student, PITCH)).toEqual({ code: 'P0001', message: 'You sent 3 applications in the last 30 days. You can apply again in 24 hours.' });
      await ago('created_at', '1 day 1 minute', `id = ${first}`);
      await apply(student);
      expect(await applications()).toEqual(['withdrawn', 'withdrawn', 'withdrawn', 'pending']);
    });

    it('declines with a reason the student reads, without the moderator, and holds the next application for 7 days', async () => {
      const id = await apply(student);
      const decision = await decide(id, false, '  Make one video first, then apply again.  ');
      expect(decision).toBeGreaterThan(0);
      const declined = 'A moderator declined your last application. You can apply again in 7 days.';
      expect(await own()).toMatchObject({ status: 'declined', closed: true, reason: 'Make one video first, then apply again.', refusal: declined });
      const [row] = await as<Record<string, unknown>>(db, student, 'select * from public.get_own_creator_application()');
      expect(Object.keys(row ?? {}).sort()).toEqual(['closed_at', 'created_at', 'handle', 'id', 'pitch', 'platform', 'reason', 'refusal', 'status']);
      expect(await isCreator()).toBe(false);
      expect(await refusalOf(student, 'Second try')).toEqual({ code: 'P0001', message: declined });
      expect(await errorOf(db, moderator, 'select public.decide_creator_application($1, true, $2)', [id, 'Changed my mind.'])).toEqual({
        code: 'P0001',
        message: 'That application is already declined.',
      });
      await ago('closed_at', '6 days 23 hours');
      expect(await refusalOf(student, 'Second try')).toEqual({ code: 'P0001', message: 'A moderator declined your last application. You can apply again in an hour.' });
      await ago('closed_at', '1 hour');
      await apply(student, 'Second try');
      expect(await applications()).toEqual(['declined', 'pending']);
    });

    it('grants: the creators row names the moderator and the application, the record says so, and a second grant is refused', async () => {
      const id = await apply(student);
      const grant = await decide(id, true, 'A clear plan.');
      expect(await creatorRow()).toEqual([{ granted_by: 'moderator apps_keeper', application_id: String(id) }]);
      expect(await isCreator()).toBe(true);
      expect(await own()).toMatchObject({ status: 'granted', reason: null, refusal: 'You are already a creator: your tools are on the creator page.' });
      expect(await queue()).toEqual([]);
      const [record] = await as(db, moderator, 'select id::text, moderator_username, subject, about, action, reason, undoable from public.get_moderation_decisions(10)');
      expect(record).toEqual({ id: String(grant), moderator_username: 'apps_keeper', subject: 'creator_application', about: "apps_student's creator application", action: 'grant', reason: 'A clear plan.', undoable: true });
      for (const verdict of [true, false]) {
        expect(await errorOf(db, moderator, 'select public.decide_creator_application($1, $2, $3)', [id, verdict, 'again'])).toEqual({
          code: 'P0001',
          message: 'That application is already granted.',
        });
      }
      expect(await errorOf(db, student, 'select public.withdraw_creator_application()')).toEqual({ code: 'P0001', message: NOT_WAITING });
    });

    it('starts a creator granted on an application with the channel it named, and an operator grant with none', async () => {
      const socials = async (who = student) =>
        (await db.query<{ platform: string; handle: string }>('select platform, handle from public.creator_socials where user_id = $1 order by id', [who])).rows;
      await decide(await apply(student, PITCH, 'youtube', 'ann_makes'), true, 'A clear plan.');
      expect(await socials()).toEqual([{ platform: 'youtube', handle: 'ann_makes' }]);
      const other = await createPlayer(db, 'apps_plain');
      await db.query('insert into public.creators (user_id) values ($1)', [other]);
      expect(await socials(other)).toEqual([]);
    });

    it('undoes a grant: the creator row it wrote goes, with the tools, and the application waits again; undoing that grants again', async () => {
      const id = await apply(student);
      const grant = await decide(id, true, 'A clear plan.');
      await as(db, student, `insert into public.creator_socials (user_id, platform, handle) values ($1, 'youtube', 'ann')`, [student]);
      const reopen = await undo(grant, 'Granted the wrong student.');
      expect(await creatorRow()).toEqual([]);
      expect(await isCreator()).toBe(false);
      expect((await db.query('select count(*)::int as n from public.creator_socials where user_id = $1', [student])).rows[0]).toEqual({ n: 0 });
      expect(await own()).toMatchObject({ status: 'pending', closed: false, refusal: PENDING });
      expect((await queue()).map((r) => r.application_id)).toEqual([String(id)]);
      expect(await errorOf(db, moderator, 'select public.undo_moderation_decision($1, $2)', [grant, 'twice'])).toEqual({
        code: 'P0001',
        message: 'A later decision on this was made since: undo that one instead.',
      });
      const regrant = await undo(reopen, 'It was the right student after all.');
      expect(await creatorRow()).toEqual([{ granted_by: 'moderator apps_keeper', application_id: String(id) }]);
      const record = await as(db, moderator, 'select id::text, action, undoes::text, undoable from public.get_moderation_decisions(10)');
      expect(record).toEqual([
        { id: String(regrant), action: 'grant', undoes: String(reopen), undoable: true },
        { id: String(reopen), action: 'reopen', undoes: String(grant), undoable: false },
        { id: String(grant), action: 'grant', undoes: null, undoable: false },
      ]);
    });

    it("undoes a grant without touching creator status an operator gave since", async () => {
      const id = await apply(student);
      const grant = await decide(id, true, 'A clear plan.');
      await db.query('delete from public.creators where user_id = $1', [student]);
      await db.query(`insert into public.creators (user_id, granted_by) values ($1, 'the operator')`, [student]);
      await undo(grant, 'Leave it to the operator.');
      expect(await creatorRow()).toEqual([{ granted_by: 'the operator', application_id: null }]);
      expect(await own()).toMatchObject({ status: 'pending' });
      // A grant on top of it is refused with what to do instead.
      expect(await errorOf(db, moderator, 'select public.decide_creator_application($1, true, $2)', [id, 'Welcome.'])).toEqual({
        code: 'P0001',
        message: 'That student is already a creator: decline the application, saying so.',
      });
      await decide(id, false, 'Already a creator.');
      expect(await creatorRow()).toEqual([{ granted_by: 'the operator', application_id: null }]);
    });

    it('undoes a decline: the application waits again, with no wait for the student', async () => {
      const id = await apply(student);
      const decline = await decide(id, false, 'Not yet.');
      await undo(decline, 'Read it too fast.');
      expect(await own()).toMatchObject({ status: 'pending', closed: false, reason: null, refusal: PENDING });
      expect((await queue()).map((r) => r.application_id)).toEqual([String(id)]);
      await decide(id, true, 'A clear plan after all.');
      expect(await isCreator()).toBe(true);
    });

    it('does not reopen a declined application once its student applied again, or one they withdrew', async () => {
      const first = await apply(student);
      const decline = await decide(first, false, 'Not yet.');
      await ago('closed_at', '8 days');
      const second = await apply(student, 'A better plan');
      expect(await errorOf(db, moderator, 'select public.undo_moderation_decision($1, $2)', [decline, 'Oops.'])).toEqual({
        code: 'P0001',
        message: 'Its student has applied again since: decide on the newer application.',
      });
      expect(await applications()).toEqual(['declined', 'pending']);
      const reopen = await undo(await decide(second, false, 'Still not yet.'), 'Oops.');
      await as(db, student, 'select public.withdraw_creator_application()');
      expect(await errorOf(db, moderator, 'select public.undo_moderation_decision($1, $2)', [reopen, 'Decline it again.'])).toEqual({
        code: 'P0001',
        message: 'Its student withdrew that application.',
      });
    });

    it('keeps a moderator from deciding on their own application, and asks every decision for a reason', async () => {
      const mine = await apply(moderator);
      for (const grant of [true, false]) {
        expect(await errorOf(db, moderator, 'select public.decide_creator_application($1, $2, $3)', [mine, grant, 'Looks great.'])).toEqual({
          code: 'P0001',
          message: 'You cannot decide on your own application: another moderator will.',
        });
      }
      const id = await apply(student);
      for (const reason of ['', '   ', null, 'x'.repeat(501)]) {
        expect(await errorOf(db, moderator, 'select public.decide_creator_application($1, false, $2)', [id, reason])).toEqual({
          code: 'P0001',
          message: 'Say why in a few words (at most 500 characters): every decision keeps its reason.',
        });
      }
      expect((await errorOf(db, moderator, 'select public.decide_creator_application(null, true, $1)', ['x'])).code).toBe('22023');
      expect((await errorOf(db, moderator, 'select public.decide_creator_application(999999, true, $1)', ['x'])).message).toBe(
        "That application is gone: its student's account was deleted.",
      );
      expect((await db.query('select count(*)::int as n from public.moderation_decisions')).rows[0]).toEqual({ n: 0 });
      expect((await queue()).map((r) => r.username)).toEqual(['apps_keeper', 'apps_student']);
    });

    it("keeps each student to their own applications: no reading another's, no writing any", async () => {
      const other = await createPlayer(db, 'apps_other');
      const id = await apply(student);
      expect(await as(db, other, 'select id from public.creator_applications')).toEqual([]);
      expect(await as(db, other, 'select * from public.get_own_creator_application()')).toEqual([]);
      expect((await as(db, student, 'select id::text from public.creator_applications')).map((r) => r.id)).toEqual([String(id)]);
      expect((await errorOf(db, student, `update public.creator_applications set status = 'granted', closed_at = now() where id = $1`, [id])).code).toBe('42501');
      expect((await errorOf(db, student, `insert into public.creator_applications (user_id, pitch, status, closed_at) values ($1, 'x', 'granted', now())`, [student])).code).toBe('42501');
      expect((await errorOf(db, student, 'delete from public.creator_applications where id = $1', [id])).code).toBe('42501');
      expect((await errorOf(db, student, `insert into public.creators (user_id, application_id) values ($1, $2)`, [student, id])).code).toBe('42501');
      expect(await errorOf(db, other, 'select public.withdraw_creator_application()')).toEqual({ code: 'P0001', message: NOT_WAITING });
      expect(await applications()).toEqual(['pending']);
    });
  });
}

interface Outcome {
  ok: boolean;
  code?: string;
  message?: string;
}

/** Only for engines with several sessions to one database (PostgreSQL; not PGlite). */
export function creatorApplicationRacesSuite(ctx: DbContext): void {
  describe('creator applications decided or sent at the same moment', () => {
    let copy: IsolatedDatabase;
    let first: Session;
    let second: Session;
    let student: string;
    let moderators: [string, string];

    beforeEach(async () => {
      const engine = ctx.engine();
      if (!engine.isolated) throw new Error(`${ctx.engineName} has a single session, so it cannot run concurrent requests`);
      copy = await engine.isolated();
      first = await copy.connect();
      second = await copy.connect();
      student = await createPlayer(first, 'race_student');
      moderators = [await createPlayer(first, 'race_mod_a'), await createPlayer(first, 'race_mod_b')];
      for (const id of moderators) await first.query('insert into public.moderators (user_id) values ($1)', [id]);
    });
    afterEach(async () => {
      await second?.close();
      await first?.close();
      await copy?.drop();
    });

    async function lockWaiters(): Promise<number> {
      const observer = await copy.connect();
      try {
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const { rows } = await observer.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((rows[0]?.n ?? 0) > 0) return rows[0]?.n ?? 0;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return 0;
      } finally {
        await observer.close();
      }
    }

    /** The first call runs inside an open transaction; the second starts and must wait on it; then the first commits. */
    async function race(calls: [[Actor, string, unknown[]], [Actor, string, unknown[]]]): Promise<[Outcome, Outcome]> {
      const run = async (db: Session, [actor, sql, params]: [Actor, string, unknown[]], beforeCommit?: () => Promise<void>): Promise<Outcome> => {
        await db.exec('begin');
        await db.roles.actAs(db, actor);
        try {
          await db.query(`select ${sql}`, params);
        } catch (error) {
          const { code, message } = error as { code?: string; message: string };
          await db.exec('rollback');
          return { ok: false, code, message };
        }
        if (beforeCommit) await beforeCommit();
        await db.exec('commit');
        return { ok: true };
      };
      let secondRun: Promise<Outcome> | undefined;
      const firstOutcome = await run(first, calls[0], async () => {
        secondRun = run(second, calls[1]);
        expect(await lockWaiters()).toBe(1);
      });
      if (!secondRun) throw new Error('second call never started');
      return [firstOutcome, await secondRun];
    }

    const applyNow = async (): Promise<number> => {
      await first.exec('begin');
      await first.roles.actAs(first, student);
      const { rows } = await first.query<{ id: string }>('select public.submit_creator_application($1)::text as id', [PITCH]);
      await first.exec('commit');
      return Number(rows[0]?.id);
    };
    const state = async () => ({
      statuses: (await first.query<{ status: string }>('select status from public.creator_applications order by id')).rows.map((r) => r.status),
      creators: (await first.query<{ n: number }>('select count(*)::int as n from public.creators')).rows[0]?.n,
      decisions: (await first.query<{ action: string }>('select action from public.moderation_decisions order by id')).rows.map((r) => r.action),
    });

    it('two moderators grant and decline at once: the first decides, the second is told', async () => {
      const id = await applyNow();
      const [a, b] = await race([
        [moderators[0], 'public.decide_creator_application($1, true, $2)', [id, 'A clear plan.']],
        [moderators[1], 'public.decide_creator_application($1, false, $2)', [id, 'Not yet.']],
      ]);
      expect(a.ok).toBe(true);
      expect(b).toMatchObject({ ok: false, code: 'P0001', message: 'That application is already granted.' });
      expect(await state()).toEqual({ statuses: ['granted'], creators: 1, decisions: ['grant'] });
    });

    it('a student withdraws while a moderator grants: the grant waits, then is told', async () => {
      const id = await applyNow();
      const [a, b] = await race([
        [student, 'public.withdraw_creator_application()', []],
        [moderators[0], 'public.decide_creator_application($1, true, $2)', [id, 'A clear plan.']],
      ]);
      expect(a.ok).toBe(true);
      expect(b).toMatchObject({ ok: false, code: 'P0001', message: 'Its student withdrew that application.' });
      expect(await state()).toEqual({ statuses: ['withdrawn'], creators: 0, decisions: [] });
    });

    it('two tabs of one student apply at once: one application waits, the other tab is told', async () => {
      const [a, b] = await race([
        [student, 'public.submit_creator_application($1)', [PITCH]],
        [student, 'public.submit_creator_application($1)', ['The same, sent twice']],
      ]);
      expect(a.ok).toBe(true);
      expect(b).toMatchObject({ ok: false, code: 'P0001', message: PENDING });
      expect(await state()).toEqual({ statuses: ['pending'], creators: 0, decisions: [] });
    });
  });
}
