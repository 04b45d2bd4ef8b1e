// Classmates (issue 28): friends by username or invite link, blocks, and presence shared with friends
// only once a student turns it on. Every refusal is tested through the RPC a student has; the tables
// themselves are closed to every API role.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlayer, createUser } from '../harness/fixtures.ts';
import { as, errorOf } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

interface Classmate {
  username: string;
  relation: string;
  online: boolean;
  playing: string | null;
  last_seen: string | null;
}

export function classmatesSuite(ctx: DbContext): void {
  describe('classmates', () => {
    const { db } = ctx;
    let ann: string;
    let ben: string;
    let cat: string;

    beforeEach(async () => {
      ann = await createPlayer(db, 'cm_ann');
      ben = await createPlayer(db, 'cm_ben');
      cat = await createPlayer(db, 'cm_cat');
    });

    const call = async <T = unknown>(actor: string, sql: string, params: unknown[] = []): Promise<T> =>
      Object.values((await as(db, actor, `select ${sql} as r`, params))[0]!)[0] as T;
    const refusal = (actor: string | null, sql: string, params: unknown[] = []) => errorOf(db, actor, `select ${sql}`, params);
    const classmates = (actor: string) =>
      as<Classmate>(db, actor, 'select username, relation, online, playing, last_seen from public.get_classmates()');
    const relations = async (actor: string) => (await classmates(actor)).map((row) => [row.username, row.relation]);
    const ask = (actor: string, name: string) => call<string>(actor, 'public.request_friend($1)', [name]);
    const invite = async (actor: string, forClass = false) =>
      (await as<{ code: string; uses_left: number }>(db, actor, 'select code, uses_left from public.create_friend_invite($1)', [forClass]))[0]!;
    const redeem = (actor: string, code: string) => call<{ ok: boolean; message?: string; username?: string }>(actor, 'public.redeem_friend_invite($1)', [code]);

    it('asks by username, and the classmate accepts; asking back accepts too; either may end it', async () => {
      expect(await ask(ann, '@CM_Ben ')).toBe('asked');
      expect(await relations(ann)).toEqual([['cm_ben', 'you asked']]);
      expect(await relations(ben)).toEqual([['cm_ann', 'asked you']]);
      expect(await call(ben, 'public.answer_friend_request($1, true)', [ann])).toBe('friends');
      expect(await relations(ann)).toEqual([['cm_ben', 'friend']]);
      expect(await relations(ben)).toEqual([['cm_ann', 'friend']]);
      // Asking back accepts the request waiting the other way.
      expect(await ask(cat, 'cm_ann')).toBe('asked');
      expect(await ask(ann, 'cm_cat')).toBe('friends');
      expect(await relations(ann)).toEqual([['cm_ben', 'friend'], ['cm_cat', 'friend']]);
      await call(ben, 'public.remove_friend($1)', [ann]);
      expect(await relations(ann)).toEqual([['cm_cat', 'friend']]);
      expect(await relations(ben)).toEqual([]);
    });

    it('refuses with words, changing nothing: a bad name, no such student, oneself, twice, already friends', async () => {
      expect(await refusal(ann, 'public.request_friend($1)', [''])).toEqual({ code: '22023', message: "Type your classmate's username." });
      expect(await refusal(ann, 'public.request_friend($1)', ['x; drop'])).toEqual({ code: '22023', message: 'A username is 3 to 20 letters, digits, _ or -.' });
      expect(await refusal(ann, 'public.request_friend($1)', ['cm_nobody'])).toEqual({ code: 'P0001', message: 'No student is called cm_nobody.' });
      expect(await refusal(ann, 'public.request_friend($1)', ['cm_ann'])).toEqual({ code: 'P0001', message: "That is you: type a classmate's username." });
      await ask(ann, 'cm_ben');
      expect(await refusal(ann, 'public.request_friend($1)', ['cm_ben'])).toEqual({ code: 'P0001', message: 'You already asked cm_ben. They have not answered yet.' });
      await call(ben, 'public.answer_friend_request($1, true)', [ann]);
      expect(await refusal(ben, 'public.request_friend($1)', ['cm_ann'])).toEqual({ code: 'P0001', message: 'You and cm_ann are already friends.' });
      expect(await refusal(cat, 'public.answer_friend_request($1, true)', [ann])).toEqual({ code: 'P0001', message: 'There is no request from this student waiting for your answer.' });
      expect(await refusal(cat, 'public.remove_friend($1)', [ann])).toEqual({ code: 'P0001', message: 'You are not friends with this student, and have not asked them.' });
      // A request cannot be accepted by the one who made it.
      await ask(ann, 'cm_cat');
      expect(await refusal(ann, 'public.answer_friend_request($1, true)', [cat])).toMatchObject({ code: 'P0001' });
      expect(await relations(ann)).toEqual([['cm_ben', 'friend'], ['cm_cat', 'you asked']]);
    });

    it("hides a blocked student's chat messages from the student who blocked them, on every read, until the block is lifted", async () => {
      await db.query("insert into public.chat_messages (user_id, body) values ($1, 'hi from ann'), ($2, 'hi from ben'), ($3, 'hi from cat')", [ann, ben, cat]);
      const room = async (actor: string) =>
        (await as<{ body: string }>(db, actor, 'select body from public.get_chat_messages() order by id')).map((row) => row.body);
      const direct = async (actor: string) =>
        (await as<{ body: string }>(db, actor, 'select body from public.chat_messages order by id')).map((row) => row.body);
      await call(ben, 'public.block_player($1)', [ann]);
      expect(await room(ben)).toEqual(['hi from ben', 'hi from cat']);
      expect(await direct(ben)).toEqual(['hi from ben', 'hi from cat']);
      // One way only: the blocked student is not told, and still reads the room as before.
      expect(await room(ann)).toEqual(['hi from ann', 'hi from ben', 'hi from cat']);
      expect(await room(cat)).toEqual(['hi from ann', 'hi from ben', 'hi from cat']);
      await call(ben, 'public.unblock_player($1)', [ann]);
      expect(await room(ben)).toEqual(['hi from ann', 'hi from ben', 'hi from cat']);
    });

    it('declines a request, after which the classmate may ask again', async () => {
      await ask(ann, 'cm_ben');
      expect(await call(ben, 'public.answer_friend_request($1, false)', [ann])).toBe('declined');
      expect(await relations(ann)).toEqual([]);
      expect(await ask(ann, 'cm_ben')).toBe('asked');
    });

    it('a block ends the friendship, and neither may ask the other or use the other\'s invite until it is lifted', async () => {
      await ask(ann, 'cm_ben');
      await call(ben, 'public.answer_friend_request($1, true)', [ann]);
      const code = (await invite(ben)).code;
      await call(ben, 'public.block_player($1)', [ann]);
      await call(ben, 'public.block_player($1)', [ann]);
      expect(await relations(ann)).toEqual([]);
      expect(await relations(ben)).toEqual([['cm_ann', 'blocked']]);
      expect(await refusal(ann, 'public.request_friend($1)', ['cm_ben'])).toEqual({ code: 'P0001', message: 'You cannot ask cm_ben to be friends.' });
      expect(await refusal(ben, 'public.request_friend($1)', ['cm_ann'])).toEqual({
        code: 'P0001',
        message: 'You blocked cm_ann. Unblock them first to ask them to be friends.',
      });
      expect(await redeem(ann, code)).toEqual({ ok: false, message: 'You cannot use this invite.' });
      expect(await refusal(ben, 'public.block_player($1)', [ben])).toEqual({ code: 'P0001', message: 'You cannot block yourself.' });
      expect(await refusal(ben, 'public.block_player($1)', [await createUser(db)])).toEqual({ code: 'P0001', message: 'There is no such student to block.' });
      expect(await refusal(ann, 'public.unblock_player($1)', [ben])).toEqual({ code: 'P0001', message: 'You have not blocked this student.' });
      await call(ben, 'public.unblock_player($1)', [ann]);
      expect(await relations(ben)).toEqual([]);
      expect(await ask(ann, 'cm_ben')).toBe('asked');
    });

    it('an invite link makes friends at once; a single one is used up, a class one lasts 40 students, an old one expires', async () => {
      const single = await invite(ann);
      expect(single.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(single.uses_left).toBe(1);
      expect(await redeem(ben, ` ${single.code} `)).toEqual({ ok: true, user_id: ann, username: 'cm_ann' });
      expect(await relations(ben)).toEqual([['cm_ann', 'friend']]);
      // Using it again as a friend is no error, and takes no use.
      expect(await redeem(ben, single.code)).toMatchObject({ ok: true, username: 'cm_ann' });
      expect(await redeem(cat, single.code)).toEqual({ ok: false, message: 'This invite link has been used up. Ask your classmate for a new one.' });
      expect(await redeem(ann, (await invite(ann)).code)).toEqual({ ok: false, message: 'This is your own invite: share it with a classmate.' });

      const forClass = await invite(cat, true);
      expect(forClass.uses_left).toBe(40);
      expect(await redeem(ann, forClass.code)).toMatchObject({ ok: true, username: 'cm_cat' });
      expect(await redeem(ben, forClass.code)).toMatchObject({ ok: true, username: 'cm_cat' });
      expect(await relations(cat)).toEqual([['cm_ann', 'friend'], ['cm_ben', 'friend']]);
      await db.query(`update app_private.friend_invites set expires_at = now() - interval '1 second' where code = $1`, [forClass.code]);
      expect(await redeem(await createPlayer(db, 'cm_dan'), forClass.code)).toEqual({ ok: false, message: 'This invite link has expired. Ask your classmate for a new one.' });

      const open = async (actor: string) => (await as<{ code: string }>(db, actor, 'select code from public.get_friend_invites()')).map((row) => row.code);
      const cancelled = (await invite(ann)).code;
      expect(await open(ann)).toContain(cancelled);
      expect(await open(ben)).toEqual([]);
      await call(ann, 'public.revoke_friend_invite($1)', [cancelled]);
      // Used up, expired and cancelled invites are not listed; a class link with uses left is.
      expect(await open(ann)).not.toContain(cancelled);
      expect(await open(ann)).not.toContain(single.code);
      expect(await open(cat)).toEqual([]);
      const stillOpen = await invite(cat, true);
      expect(await open(cat)).toEqual([stillOpen.code]);
      expect(await refusal(ann, 'public.revoke_friend_invite($1)', ['AAAAAAAAAAAAAAAA'])).toEqual({ code: 'P0001', message: 'You have no open invite with this code.' });
    });

    it('keeps the count of wrong codes, so that 10 an hour is all a student may guess', async () => {
      for (let i = 0; i < 10; i += 1) {
        expect(await redeem(ann, i % 2 ? `guess-${i}-guess-${i}`.slice(0, 16) : `<script>${i}`)).toEqual({
          ok: false,
          message: 'This invite link does not work. Check it, or ask your classmate for a new one.',
        });
      }
      const real = (await invite(ben)).code;
      expect(await redeem(ann, real)).toEqual({
        ok: false,
        message: 'Too many invite codes that did not work in the last hour. Ask your classmate for a new link, and try again later.',
      });
      expect(await relations(ann)).toEqual([]);
      // An hour on, the guesses no longer count.
      await db.query(`update app_private.friend_actions set done_at = now() - interval '1 hour 1 second' where user_id = $1`, [ann]);
      expect(await redeem(ann, real)).toMatchObject({ ok: true, username: 'cm_ben' });
    });

    it('holds a student to 20 requests and invites an hour and 5 open invites', async () => {
      for (let i = 0; i < 5; i += 1) await invite(ann);
      expect(await refusal(ann, 'public.create_friend_invite(false)')).toEqual({
        code: 'P0001',
        message: 'You have 5 invites still open. Use or cancel one before making another.',
      });
      for (let i = 0; i < 15; i += 1) {
        await createPlayer(db, `cm_many_${i}`);
        expect(await ask(ann, `cm_many_${i}`)).toBe('asked');
      }
      expect(await refusal(ann, 'public.request_friend($1)', ['cm_ben'])).toEqual({
        code: 'P0001',
        message: 'You have asked 20 classmates or made 20 invites in the last hour. Try again later.',
      });
      expect(await relations(ben)).toEqual([]);
      await db.query(`update app_private.friend_actions set done_at = now() - interval '1 hour 1 second' where user_id = $1`, [ann]);
      expect(await ask(ann, 'cm_ben')).toBe('asked');
    });

    it('shows a friend online, and the game they play, only while they share it; never to anyone else', async () => {
      await ask(ann, 'cm_ben');
      await call(ben, 'public.answer_friend_request($1, true)', [ann]);
      // Off until the student turns it on: a heartbeat is answered and not kept.
      expect(await call(ben, 'public.get_presence_sharing()')).toBe(false);
      expect(await call(ben, 'public.set_presence($1)', ['snake'])).toBe(false);
      expect(await classmates(ann)).toEqual([{ username: 'cm_ben', relation: 'friend', online: false, playing: null, last_seen: null }]);

      expect(await call(ben, 'public.set_presence_sharing(true)')).toBe(true);
      expect(await call(ben, 'public.set_presence($1)', ['snake'])).toBe(true);
      expect(await classmates(ann)).toMatchObject([{ username: 'cm_ben', online: true, playing: 'snake' }]);
      // A minute without word: offline, last seen kept.
      await db.query(`update app_private.presence set seen_at = now() - interval '61 seconds' where user_id = $1`, [ben]);
      const [away] = await classmates(ann);
      expect(away).toMatchObject({ online: false, playing: null });
      expect(away!.last_seen).not.toBeNull();
      // A classmate who is not a friend, and a request waiting, see nothing.
      await ask(cat, 'cm_ben');
      expect(await classmates(cat)).toEqual([{ username: 'cm_ben', relation: 'you asked', online: false, playing: null, last_seen: null }]);
      // Turned off, nothing of it stays.
      await call(ben, 'public.set_presence_sharing(false)');
      expect(await classmates(ann)).toEqual([{ username: 'cm_ben', relation: 'friend', online: false, playing: null, last_seen: null }]);
      expect(await refusal(ben, 'public.set_presence($1)', ['no-such-game'])).toEqual({ code: '22023', message: 'Unknown app: no-such-game' });
    });

    it('is closed to visitors, and its tables to every API role', async () => {
      for (const sql of ["public.request_friend('cm_ann')", 'public.get_classmates()', 'public.create_friend_invite()', "public.redeem_friend_invite('x')"]) {
        expect((await refusal(null, sql)).code).toBe('42501');
      }
      for (const table of ['friendships', 'player_blocks', 'friend_invites', 'friend_actions', 'presence']) {
        expect((await refusal(ann, `count(*) from app_private.${table}`)).code).toBe('42501');
      }
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from information_schema.columns where table_schema = 'public' and table_name = 'public_profiles' and column_name ~ 'friend'`,
      );
      expect(rows[0]!.n).toBe(0);
    });

    it("lets only a moderator find a student's invite links and remove one for good, on the record", async () => {
      const moderator = await createPlayer(db, 'cm_mod');
      await db.query('insert into public.moderators (user_id, granted_by) values ($1, $2)', [moderator, 'the operator']);
      const single = await invite(ann);
      const posted = await invite(ann, true);
      const onlyModerators = { code: '42501', message: 'Only a moderator can do this.' };
      expect(await refusal(ben, 'public.get_student_friend_invites($1)', ['cm_ann'])).toEqual(onlyModerators);
      expect((await refusal(null, 'public.get_student_friend_invites($1)', ['cm_ann'])).code).toBe('42501');
      const links = await as<{ invite_id: string; username: string; code: string; for_class: boolean; uses_left: number }>(
        db,
        moderator,
        'select invite_id::text, username, code, for_class, uses_left from public.get_student_friend_invites($1)',
        [' CM_Ann '],
      );
      expect(links.map(({ username, code, for_class, uses_left }) => ({ username, code, for_class, uses_left }))).toEqual([
        { username: 'cm_ann', code: posted.code, for_class: true, uses_left: 40 },
        { username: 'cm_ann', code: single.code, for_class: false, uses_left: 1 },
      ]);
      expect(await refusal(moderator, 'public.get_student_friend_invites($1)', ['cm_nobody'])).toEqual({ code: 'P0001', message: 'No student is called cm_nobody.' });
      const postedId = links[0]!.invite_id;

      expect(await refusal(ben, 'public.remove_friend_invite($1, $2)', [postedId, 'mine now'])).toEqual(onlyModerators);
      expect((await refusal(null, 'public.remove_friend_invite($1, $2)', [postedId, 'x'])).code).toBe('42501');
      expect(await refusal(moderator, 'public.remove_friend_invite($1, $2)', [postedId, '  '])).toMatchObject({ code: 'P0001' });
      const decision = await call<string>(moderator, 'public.remove_friend_invite($1, $2)', [postedId, ' Posted in the class chat. ']);

      // The removed link befriends nobody; the other link still works.
      expect(await redeem(ben, posted.code)).toEqual({ ok: false, message: 'This invite link has been used up. Ask your classmate for a new one.' });
      expect(await relations(ann)).toEqual([]);
      expect(await as(db, ann, 'select code from public.get_friend_invites()')).toEqual([{ code: single.code }]);
      expect(await as(db, moderator, 'select code from public.get_student_friend_invites($1)', ['cm_ann'])).toEqual([{ code: single.code }]);
      expect(await refusal(moderator, 'public.remove_friend_invite($1, $2)', [postedId, 'again'])).toEqual({
        code: 'P0001',
        message: 'That invite link no longer works: it was used up, cancelled, removed or has expired.',
      });
      expect(await as(db, moderator, 'select moderator_username, subject, about, action, reason, undoable from public.get_moderation_decisions(5)')).toEqual([
        { moderator_username: 'cm_mod', subject: 'friend_invite', about: "cm_ann's class invite link", action: 'remove', reason: 'Posted in the class chat.', undoable: false },
      ]);
      expect(await refusal(moderator, 'public.undo_moderation_decision($1, $2)', [decision, 'oops'])).toEqual({
        code: 'P0001',
        message: 'A removed invite link stays removed: its student can make a new one.',
      });
      expect(await redeem(cat, posted.code)).toMatchObject({ ok: false });

      // A moderator does not remove their own link: they cancel it on their friends page.
      const own = await invite(moderator);
      const [ownLink] = await as<{ invite_id: string }>(db, moderator, 'select invite_id::text from public.get_student_friend_invites($1)', ['cm_mod']);
      expect(ownLink).toBeDefined();
      expect(await refusal(moderator, 'public.remove_friend_invite($1, $2)', [ownLink!.invite_id, 'mine'])).toEqual({
        code: 'P0001',
        message: 'You cannot decide on your own invite link: cancel it on your friends page.',
      });
      expect(await redeem(ben, own.code)).toMatchObject({ ok: true, username: 'cm_mod' });
    });
  });
}
