// The chat's limits across accounts (issue 20: six accounts made on the spot posted 30 messages in
// 0.2 s): an account in its first day sends 3 messages per 30 seconds, and one device (the
// x-device-address the embedded backend writes into request.headers) 5 per 10 seconds whichever
// accounts send them, on every way in. A request without that header (hosted Supabase) meets only the
// per-account limits.
import { beforeEach, describe, expect, it } from 'vitest';
import { ageAccount, createPlayer } from '../harness/fixtures.ts';
import { tx } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

const TOO_FAST = 'You are sending messages too fast: at most 5 messages every 10 seconds. Wait a moment and try again.';
const DEVICE_TOO_FAST =
  'This device is sending messages too fast: at most 5 messages every 10 seconds, whichever account sends them. Wait a moment and try again.';
const newAccount = (eases: string) =>
  `Your account is new, so it can send at most 3 messages every 30 seconds until it is a day old (in ${eases}). Wait a moment and try again.`;

type Outcome = { ok: true } | { ok: false; code: string; message: string };

export function chatLimitsSuite(ctx: DbContext): void {
  describe('chat limits across accounts', () => {
    const { db } = ctx;
    let ann: string;
    let bob: string;

    beforeEach(async () => {
      ann = await createPlayer(db, 'ann_limits');
      bob = await createPlayer(db, 'bob_limits');
    });

    /** One request as `actor`, from `device` (as the embedded backend tells it) or from no known device (hosted). */
    async function request(actor: string, device: string | null, sql: string, params: unknown[]): Promise<Outcome> {
      try {
        await tx(db, async (t) => {
          await t.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(device === null ? {} : { 'x-device-address': device })]);
          await t.actAs(actor);
          await t.query(sql, params);
        });
        return { ok: true };
      } catch (error) {
        const { code, message } = error as { code?: string; message: string };
        return { ok: false, code: code ?? '', message };
      }
    }

    const send = (actor: string, device: string | null = null, body = 'hello') =>
      request(actor, device, 'select public.send_chat_message($1, $2)', [body, crypto.randomUUID()]);
    const insert = (actor: string, device: string | null = null) =>
      request(actor, device, 'insert into public.chat_messages (user_id, body) values ($1, $2)', [actor, 'hello']);
    const refused = (message: string): Outcome => ({ ok: false, code: 'P0001', message });
    /** `seconds` pass for every message and device send so far. */
    const later = async (seconds: number) => {
      await db.query(`update public.chat_messages set created_at = created_at - make_interval(secs => $1)`, [seconds]);
      await db.query(`update app_private.chat_device_sends set sent_at = sent_at - make_interval(secs => $1)`, [seconds]);
      await db.query(`update app_private.chat_sends set sent_at = sent_at - make_interval(secs => $1)`, [seconds]);
    };
    const count = async (userId: string) =>
      (await db.query<{ n: number }>('select count(*)::int as n from public.chat_messages where user_id = $1', [userId])).rows[0]?.n ?? -1;

    describe('a new account', () => {
      it('sends 3 messages in 30 seconds; the 4th is refused, saying the account is new and when that ends, on every way in', async () => {
        await ageAccount(db, ann, '1 hour');
        for (let i = 0; i < 3; i += 1) expect(await send(ann)).toEqual({ ok: true });
        const words = newAccount('about 23 hours');
        expect(await send(ann)).toEqual(refused(words));
        expect(await insert(ann)).toEqual(refused(words));
        const batch = await tx(db, async (t) => {
          await t.actAs(ann);
          const ops = [{ id: crypto.randomUUID(), kind: 'send_chat_message', args: { p_body: 'queued' } }];
          return (await t.query<{ r: { ok: boolean; message: string }[] }>('select public.apply_mutations($1::jsonb) as r', [JSON.stringify(ops)])).rows[0]?.r;
        });
        expect(batch).toMatchObject([{ ok: false, message: words }]);
        expect(await count(ann)).toBe(3);
        // Others keep talking, and after 30 seconds the new account may send again.
        expect(await send(bob)).toEqual({ ok: true });
        await later(29);
        expect(await send(ann)).toEqual(refused(words));
        await later(2);
        expect(await send(ann)).toEqual({ ok: true });
      });

      it('says in minutes when the first day ends within two hours', async () => {
        await ageAccount(db, ann, '23 hours 50 minutes');
        for (let i = 0; i < 3; i += 1) await send(ann);
        expect(await send(ann)).toEqual(refused(newAccount('10 minutes')));
        await ageAccount(db, ann, '23 hours 59 minutes 30 seconds');
        expect(await send(ann)).toEqual(refused(newAccount('1 minute')));
      });

      it('is new until the second it is a day old, then meets only the 5 per 10 seconds of every account', async () => {
        await ageAccount(db, ann, '23 hours 59 minutes 59 seconds');
        for (let i = 0; i < 3; i += 1) await send(ann);
        expect((await send(ann)).ok).toBe(false);
        await ageAccount(db, ann, '1 day');
        expect(await send(ann)).toEqual({ ok: true });
        expect(await send(ann)).toEqual({ ok: true });
        expect(await send(ann)).toEqual(refused(TOO_FAST));
        expect(await count(ann)).toBe(5);
      });
    });

    describe('one device', () => {
      beforeEach(async () => {
        await ageAccount(db, ann);
        await ageAccount(db, bob);
      });

      it('takes 5 messages in 10 seconds from all its accounts together, on every way in', async () => {
        for (let i = 0; i < 3; i += 1) expect(await send(ann, '192.168.1.21')).toEqual({ ok: true });
        expect(await insert(bob, '192.168.1.21')).toEqual({ ok: true });
        expect(await send(bob, '192.168.1.21')).toEqual({ ok: true });
        expect(await send(bob, '192.168.1.21')).toEqual(refused(DEVICE_TOO_FAST));
        expect(await insert(ann, '192.168.1.21')).toEqual(refused(DEVICE_TOO_FAST));
        expect((await count(ann)) + (await count(bob))).toBe(5);
        await later(9);
        expect(await send(bob, '192.168.1.21')).toEqual(refused(DEVICE_TOO_FAST));
        await later(2);
        expect(await send(bob, '192.168.1.21')).toEqual({ ok: true });
      });

      it('leaves another device, and a request from no known device, to their own limits', async () => {
        for (let i = 0; i < 5; i += 1) await send(i < 3 ? ann : bob, '192.168.1.21');
        const carol = await createPlayer(db, 'carol_limits');
        await ageAccount(db, carol);
        for (let i = 0; i < 5; i += 1) expect(await send(carol, '192.168.1.22')).toEqual({ ok: true });
        // ann has 3 of her own 5: from another device, or where no device is known, she goes on.
        expect(await send(ann, '192.168.1.22')).toEqual(refused(DEVICE_TOO_FAST));
        expect(await send(ann, '192.168.1.23')).toEqual({ ok: true });
        expect(await send(ann)).toEqual({ ok: true });
        expect(await send(ann)).toEqual(refused(TOO_FAST));
      });

      it('counts no refused message against the device', async () => {
        const fresh = await createPlayer(db, 'fresh_limits');
        for (let i = 0; i < 3; i += 1) await send(fresh, '192.168.1.21');
        expect((await send(fresh, '192.168.1.21')).ok).toBe(false);
        expect(await send(ann, '192.168.1.21', 'x'.repeat(501))).toMatchObject({ ok: false, code: '22023' });
        expect(await send(ann, '192.168.1.21')).toEqual({ ok: true });
        expect(await send(bob, '192.168.1.21')).toEqual({ ok: true });
        expect(await send(bob, '192.168.1.21')).toEqual(refused(DEVICE_TOO_FAST));
      });

      it('turns the measured flood, six accounts made on the spot sending 5 messages each, into 5 messages', async () => {
        const made = await Promise.all(Array.from({ length: 6 }, (_, i) => createPlayer(db, `flood_${i}`)));
        const outcomes: Outcome[] = [];
        for (let i = 0; i < 30; i += 1) outcomes.push(await send(made[i % 6] as string, '10.0.0.66', `spam ${i}`));
        expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
        expect(outcomes.slice(5).every((o) => !o.ok && o.message === DEVICE_TOO_FAST)).toBe(true);
      });
    });

    it('keeps only the last 10 seconds of device sends, out of every client role’s reach', async () => {
      await ageAccount(db, ann);
      await db.query(`insert into app_private.chat_device_sends (address, sent_at) values ('10.0.0.1', now() - interval '10 seconds'), ('10.0.0.2', now() - interval '1 hour')`);
      await db.query(`insert into app_private.chat_device_sends (address, sent_at) values ('10.0.0.3', now() - interval '9 seconds')`);
      await send(ann, '10.0.0.4');
      const kept = await db.query<{ address: string }>('select address from app_private.chat_device_sends order by address');
      expect(kept.rows.map((r) => r.address)).toEqual(['10.0.0.3', '10.0.0.4']);
      for (const actor of [ann, null]) {
        const read = await tx(db, async (t) => {
          await t.actAs(actor);
          return t.query('select * from app_private.chat_device_sends');
        }).then(
          () => 'read',
          (error: { code?: string }) => error.code,
        );
        expect(read).toBe('42501');
      }
    });
  });
}
