// Cloud saves (issue 18): one slot per student and game, written only by put_game_save, which replaces
// a copy only with one that knew it and otherwise answers 'conflict' without overwriting anything.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPlayer } from '../harness/fixtures.ts';
import { as, errorOf } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

const DEVICE_A = '0a0a0a0a-0000-4000-8000-00000000000a';
const DEVICE_B = '0b0b0b0b-0000-4000-8000-00000000000b';

interface Answer {
  status: 'saved' | 'conflict';
  version: number;
  state?: string;
  device_id?: string;
  device_label?: string;
}

export function cloudSavesSuite(ctx: DbContext): void {
  describe('cloud saves', () => {
    const { db } = ctx;
    let me: string;

    beforeEach(async () => {
      me = await createPlayer(db, 'save_player');
    });

    const put = async (state: string, device: string, base: number | null, app = '2048', actor: string = me): Promise<Answer> => {
      const [row] = await as<{ r: Answer }>(db, actor, 'select public.put_game_save($1, $2, $3::uuid, $4, now(), $5) as r', [
        app, state, device, device === DEVICE_A ? 'Chrome on ChromeOS' : 'Chrome on Windows', base,
      ]);
      return { ...row!.r, version: Number(row!.r.version) };
    };
    const slot = async () =>
      (await as<{ state: string; version: string }>(db, me, `select state, version::text from public.game_saves where app_id = '2048'`)).map((r) => [r.state, Number(r.version)]);

    it('keeps a first save, then each save made on top of the version it knew', async () => {
      expect(await put('{"cells":[2]}', DEVICE_A, null)).toEqual({ status: 'saved', version: 1 });
      expect(await put('{"cells":[4]}', DEVICE_A, 1)).toEqual({ status: 'saved', version: 2 });
      // Another device that took version 2 goes on from it.
      expect(await put('{"cells":[8]}', DEVICE_B, 2)).toEqual({ status: 'saved', version: 3 });
      expect(await slot()).toEqual([['{"cells":[8]}', 3]]);
    });

    it("lets one device's queued saves follow each other though each names the version it last heard of", async () => {
      await put('{"cells":[2]}', DEVICE_A, null);
      expect(await put('{"cells":[4]}', DEVICE_A, null)).toEqual({ status: 'saved', version: 2 });
      expect(await put('{"cells":[8]}', DEVICE_A, 1)).toEqual({ status: 'saved', version: 3 });
    });

    it('never overwrites a copy another device made meanwhile: it answers with that copy instead', async () => {
      await put('{"cells":[2]}', DEVICE_A, null);
      await put('{"cells":[4]}', DEVICE_B, 1);
      const answer = await put('{"cells":[16]}', DEVICE_A, 1);
      expect(answer).toEqual({ status: 'conflict', version: 2, state: '{"cells":[4]}', device_id: DEVICE_B, device_label: 'Chrome on Windows', saved_at: expect.any(String) });
      expect(await slot()).toEqual([['{"cells":[4]}', 2]]);
      // A device that never synced meets the slot made elsewhere: the same.
      expect((await put('{"cells":[32]}', '0c0c0c0c-0000-4000-8000-00000000000c', null)).status).toBe('conflict');
      // The student chose device A's copy there: it is sent on top of the version it was shown.
      expect(await put('{"cells":[16]}', DEVICE_A, 2)).toEqual({ status: 'saved', version: 3 });
    });

    it('takes the same save again as done, without a new version, so a resent one changes nothing', async () => {
      await put('{"cells":[2]}', DEVICE_A, null);
      expect(await put('{"cells":[2]}', DEVICE_B, null)).toEqual({ status: 'saved', version: 1 });
      expect(await slot()).toEqual([['{"cells":[2]}', 1]]);
    });

    it('keeps each student to their own slot', async () => {
      const other = await createPlayer(db, 'save_other');
      await put('{"theirs":1}', DEVICE_B, null, '2048', other);
      expect(await put('{"mine":1}', DEVICE_A, null)).toEqual({ status: 'saved', version: 1 });
      expect(await as(db, me, 'select state from public.game_saves')).toEqual([{ state: '{"mine":1}' }]);
      expect(await as(db, other, 'select state from public.game_saves')).toEqual([{ state: '{"theirs":1}' }]);
      expect((await errorOf(db, null, `select public.put_game_save('2048', '{}', $1::uuid, '', now())`, [DEVICE_A])).code).toBe('42501');
    });

    it('refuses what is no save, with words, and stores nothing', async () => {
      const refusal = (app: string, state: string | null, device: string | null, label: string | null = '') =>
        errorOf(db, me, 'select public.put_game_save($1, $2, $3::uuid, $4, now())', [app, state, device, label]);
      const big = JSON.stringify('x'.repeat(32 * 1024 - 1));
      expect(await refusal('2048', big, DEVICE_A)).toEqual({ code: '22023', message: 'A game save must be JSON text of at most 32 KiB.' });
      expect(await refusal('2048', '{not json', DEVICE_A)).toEqual({ code: '22023', message: 'A game save must be JSON text of at most 32 KiB.' });
      expect(await refusal('2048', null, DEVICE_A)).toEqual({ code: '22023', message: 'A game save must be JSON text of at most 32 KiB.' });
      expect(await refusal('no-such-game', '{}', DEVICE_A)).toEqual({ code: '22023', message: 'Unknown app: no-such-game' });
      expect(await refusal('2048', '{}', null)).toEqual({ code: '22023', message: 'A game save needs the id of the device that made it.' });
      expect(await refusal('2048', '{}', DEVICE_A, 'x'.repeat(61))).toEqual({ code: '22023', message: 'A device label is text of at most 60 characters.' });
      expect(await errorOf(db, me, `select public.put_game_save('2048', '{}', $1::uuid, '', now(), 0)`, [DEVICE_A])).toEqual({
        code: '22023',
        message: 'A base version is one the server gave: 1 or more.',
      });
      expect(await slot()).toEqual([]);
      // Exactly 32 KiB is a save.
      const exact = JSON.stringify('x'.repeat(32 * 1024 - 2));
      expect((await put(exact, DEVICE_A, null)).status).toBe('saved');
    });

    it('takes 30 saves a minute per student, then more once the minute has passed', async () => {
      for (let i = 0; i < 30; i += 1) await put(`{"n":${i}}`, DEVICE_A, null);
      expect(await errorOf(db, me, `select public.put_game_save('2048', '{"n":30}', $1::uuid, '', now())`, [DEVICE_A])).toEqual({
        code: 'P0001',
        message: 'Your games were saved more than 30 times in a minute. The next save is sent in a moment.',
      });
      await db.query(`update app_private.game_save_writes set written_at = written_at - interval '1 minute' where user_id = $1`, [me]);
      expect((await put('{"n":30}', DEVICE_A, null)).status).toBe('saved');
    });

    it('takes saves through the outbox as through the RPC', async () => {
      const [batch] = await as<{ r: { ok: boolean; result: Answer }[] }>(db, me, 'select public.apply_mutations($1::jsonb) as r', [
        JSON.stringify([
          { id: crypto.randomUUID(), kind: 'put_game_save', args: { p_app_id: 'snake', p_state: '{"best":30}', p_device_id: DEVICE_A, p_device_label: 'Chrome on ChromeOS', p_saved_at: '2026-11-25T10:00:00Z' } },
          { id: crypto.randomUUID(), kind: 'put_game_save', args: { p_app_id: 'snake', p_state: '{"best":40}', p_device_id: DEVICE_B, p_device_label: 'Chrome on Windows', p_saved_at: '2026-11-25T10:01:00Z', p_base_version: 1 } },
        ]),
      ]);
      expect(batch?.r.map((op) => [op.ok, op.result.status, Number(op.result.version)])).toEqual([[true, 'saved', 1], [true, 'saved', 2]]);
      // A device clock ahead of the server's is held to the server's now.
      const [row] = await as<{ future: boolean }>(db, me, `select saved_at > now() as future from public.game_saves where app_id = 'snake'`);
      expect(row?.future).toBe(false);
    });
  });
}
