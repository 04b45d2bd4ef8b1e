// Names and text that cannot pass for someone else's (issue 20): look-alike usernames, reserved names,
// text-direction controls and blank-looking text, refused whichever way they are written.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlayer } from '../harness/fixtures.ts';
import { as, errorOf } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

const RLO = '\u202e';
const ZWJ = '\u200d';

export function namesSuite(ctx: DbContext): void {
  describe('names and text', () => {
    const { db } = ctx;
    let me: string;

    beforeEach(async () => {
      me = await createPlayer(db, 'names_me');
      await createPlayer(db, 'alice');
    });

    const rename = (name: string) => errorOf(db, me, 'select public.update_profile($1, null, null, $2)', [name, crypto.randomUUID()]);
    const patch = (column: string, value: string) => errorOf(db, me, `update public.my_users set ${column} = $1 where user_id = $2`, [value, me]);

    it('refuses a username that looks like a taken one, through the RPC and straight through the table', async () => {
      for (const lookalike of ['aIice', 'a1ice', 'ALICE']) {
        const refused = await rename(lookalike);
        expect(refused.code, lookalike).toBe('P0001');
        expect(refused.message, lookalike).toMatch(/^That username (is already taken|looks too much like one already taken)\. Please choose another one\.$/);
        expect((await patch('username', lookalike)).code, lookalike).toBe('23505');
      }
      await createPlayer(db, 'modern');
      expect((await rename('modem')).message).toBe('That username looks too much like one already taken. Please choose another one.');
      expect(await as(db, me, 'select public.update_profile($1, null, null, $2) ->> $3 as name', ['alicia', crypto.randomUUID(), 'username'])).toEqual([{ name: 'alicia' }]);
    });

    it('keeps reserved names for the staff, written any way, and lets an operator add one', async () => {
      for (const name of ['Admin', 'ADMIN', 'adm_in', 'Moderator', 'm0derator', 'staff-']) {
        expect(await rename(name), name).toEqual({ code: 'P0001', message: "That username is kept for the portal's staff. Please choose another one." });
        expect((await patch('username', name)).code, name).toBe('P0001');
      }
      await db.exec(`insert into app_private.reserved_usernames (name) values ('principal')`);
      expect((await rename('Principal')).code).toBe('P0001');
      // A name that only contains a reserved word is a student's own.
      expect(await as(db, me, 'select public.update_profile($1, null, null, $2) ->> $3 as name', ['admiral_ann', crypto.randomUUID(), 'username'])).toEqual([
        { name: 'admiral_ann' },
      ]);
    });

    it('refuses about text with text-direction controls or nothing but zero-width characters', async () => {
      const about = (text: string) => errorOf(db, me, 'select public.update_profile(null, null, $1, $2)', [text, crypto.randomUUID()]);
      expect(await about(`I like ${RLO}sgnikcab${RLO}`)).toEqual({ code: 'P0001', message: 'The about text cannot contain text-direction controls.' });
      expect(await about(`${ZWJ}${ZWJ} \u200b`)).toEqual({ code: 'P0001', message: 'The about text looks blank: write something, or leave it empty.' });
      expect((await patch('user_about', `${RLO}x`)).code).toBe('P0001');
      // Empty is "no about text", as before, written either way.
      expect(await as(db, me, `update public.my_users set user_about = '' where user_id = $1 returning user_about`, [me])).toEqual([{ user_about: '' }]);
      expect(await as(db, me, 'select public.update_profile(null, null, $1, $2) ->> $3 as about', ['I like puzzles 🧩', crypto.randomUUID(), 'user_about'])).toEqual([
        { about: 'I like puzzles 🧩' },
      ]);
    });

    it('refuses a chat message with text-direction controls or nothing but zero-width characters', async () => {
      const send = (body: string) => errorOf(db, me, 'select public.send_chat_message($1, $2)', [body, crypto.randomUUID()]);
      expect(await send(`hello ${RLO}dlrow`)).toEqual({ code: '22023', message: 'Messages cannot contain text-direction controls.' });
      expect(await send(`${ZWJ}\u200b${ZWJ}`)).toEqual({ code: '22023', message: 'Write something before sending.' });
      const [sent] = await as<{ r: { body: string } }>(db, me, 'select public.send_chat_message($1, $2) as r', [`family 👨${ZWJ}👩${ZWJ}👧`, crypto.randomUUID()]);
      expect(sent?.r.body).toBe(`family 👨${ZWJ}👩${ZWJ}👧`);
    });

    it('finds a blocked word however it is spelled, refuses the message, and leaves ordinary words alone', async () => {
      const send = (body: string) => errorOf(db, me, 'select public.send_chat_message($1, $2)', [body, crypto.randomUUID()]);
      const tricks = [
        'sh1t', 'SH1T happens', 'f u c k', 'f.u.c.k you', 'f-u-c-k', `f${ZWJ}u${ZWJ}c${ZWJ}k`, 'fu\u200bck', '\u0455hit', 'sh\u0456t',
        '\uff46\uff55\uff43\uff4b', 'fu\u0308ck', 'sh!t', '$hit', 'b1tch', 'fuuuuck', 'B!TCH',
      ];
      for (const trick of tricks) {
        expect(await send(trick), trick).toEqual({ code: 'P0001', message: 'That message has a word that is not allowed in chat. Write it another way.' });
      }
      // Plain spellings are still masked, not refused; words that only contain a blocked one pass.
      const [masked] = await as<{ r: { body: string } }>(db, me, 'select public.send_chat_message($1, $2) as r', ['well shit', crypto.randomUUID()]);
      expect(masked?.r.body).toBe('well ****');
      await db.query('delete from app_private.chat_sends where user_id = $1', [me]);
      for (const fine of ['is hit by a ball', 'Scunthorpe', 'assess the class', 'I got 100 points', 'a b c d']) {
        const [sent] = await as<{ r: { body: string } }>(db, me, 'select public.send_chat_message($1, $2) as r', [fine, crypto.randomUUID()]);
        expect(sent?.r.body, fine).toBe(fine);
        await db.query('delete from app_private.chat_sends where user_id = $1', [me]);
      }
    });
  });
}
