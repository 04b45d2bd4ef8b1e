// Live updates (issue 28): who may join which private Realtime topic, decided by the policies on
// realtime.messages exactly as Supabase Realtime asks them on a join (a probe row of the topic stored,
// then read back as the student with realtime.topic() set, all rolled back), and what the database
// broadcasts when a chat message arrives. On PGlite and PostgreSQL 15 realtime.* is the bootstrap's
// stand-in; on the Supabase-like database it is what Realtime's own migrations build.
import { beforeEach, describe, expect, it } from 'vitest';
import { ageAccount, createPlayer } from '../harness/fixtures.ts';
import { as, errorOf, tx } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

const CHAT = 'chat:room';

interface Broadcast {
  topic: string;
  event: string;
  private: boolean;
  payload: Record<string, unknown>;
}

export function realtimeSuite(ctx: DbContext): void {
  describe('realtime topics', () => {
    const { db } = ctx;
    let ann: string;
    let bob: string;

    beforeEach(async () => {
      ann = await createPlayer(db, 'ann_live');
      bob = await createPlayer(db, 'bob_live');
      await ageAccount(db, ann);
    });

    /**
     * Realtime's read check for a private join of `topic` by `actor` (null: the anon key alone), with
     * an `aal` claim: true when the probe row comes back, as Realtime then lets the join through.
     */
    async function mayJoin(actor: string | null, topic: string, aal = 'aal1'): Promise<boolean> {
      return tx(
        db,
        async (t) => {
          const probe = crypto.randomUUID();
          await t.query(`insert into realtime.messages (id, topic, extension) values ($1, $2, 'broadcast')`, [probe, topic]);
          await t.actAs(actor);
          const claims = actor === null ? { role: 'anon' } : { sub: actor, role: 'authenticated', aud: 'authenticated', aal };
          await t.query(
            `select set_config('realtime.topic', $1, true), set_config('request.jwt.claims', $2, true),
                    set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $4, true)`,
            [topic, JSON.stringify(claims), actor ?? '', claims.role],
          );
          const { rows } = await t.query<{ id: string }>('select id from realtime.messages where id = $1', [probe]);
          return rows.length === 1;
        },
        { rollback: true },
      );
    }

    const broadcasts = async (): Promise<Broadcast[]> =>
      (await db.query<Broadcast>(`select topic, event, private, payload from realtime.messages where extension = 'broadcast' order by inserted_at`)).rows;

    it('lets every signed-in student join the chat room, and no visitor', async () => {
      expect(await mayJoin(ann, CHAT)).toBe(true);
      expect(await mayJoin(bob, CHAT)).toBe(true);
      expect(await mayJoin(null, CHAT)).toBe(false);
    });

    it("lets a student join their own topic and nobody else's", async () => {
      expect(await mayJoin(ann, `user:${ann}`)).toBe(true);
      expect(await mayJoin(bob, `user:${ann}`)).toBe(false);
      expect(await mayJoin(null, `user:${ann}`)).toBe(false);
      expect(await mayJoin(ann, `user:${ann.toUpperCase()}`)).toBe(false);
    });

    it('lets nobody join a topic no policy names', async () => {
      for (const topic of ['chat:room:secret', 'chat', 'user:', `user:${ann}:x`, 'moderators']) {
        expect(await mayJoin(ann, topic), topic).toBe(false);
      }
    });

    it('holds an account with an authenticator app to a session that passed it', async () => {
      await db.query(
        `insert into auth.mfa_factors (id, user_id, factor_type, status, secret, created_at, updated_at)
         values (gen_random_uuid(), $1, 'totp', 'verified', 'JBSWY3DPEHPK3PXP', now(), now())`,
        [ann],
      );
      expect(await mayJoin(ann, CHAT, 'aal1')).toBe(false);
      expect(await mayJoin(ann, `user:${ann}`, 'aal1')).toBe(false);
      expect(await mayJoin(ann, CHAT, 'aal2')).toBe(true);
      expect(await mayJoin(ann, `user:${ann}`, 'aal2')).toBe(true);
    });

    it('lets no student broadcast, on the chat room or on their own topic', async () => {
      for (const topic of [CHAT, `user:${ann}`]) {
        const refusal = await errorOf(
          db,
          ann,
          `insert into realtime.messages (topic, extension, event, payload, private) values ($1, 'broadcast', 'new_message', '{}', true)`,
          [topic],
        );
        expect(refusal.code, topic).toBe('42501');
      }
      // realtime.send runs as its caller: a student calling it stores nothing (it only warns).
      await as(db, ann, `select realtime.send('{"message_id": 1}', 'new_message', $1, true)`, [CHAT]);
      expect(await broadcasts()).toEqual([]);
    });

    it('announces each new chat message on the chat room as every signed-in student reads it, and no hidden one', async () => {
      const [sent] = await as<{ id: number }>(db, ann, `select (public.send_chat_message('hello there', $1) ->> 'id')::bigint as id`, [crypto.randomUUID()]);
      const [announced, ...more] = await broadcasts();
      expect(more).toEqual([]);
      expect(announced).toMatchObject({ topic: CHAT, event: 'new_message', private: true });
      // What the broadcast carries is what another student reads of the message, and nothing more (no client_id).
      const [read] = await as<{ id: unknown; user_id: string; username: string | null; icon: string | null; body: string; created_at: unknown }>(
        db,
        bob,
        'select id, user_id, username, icon, body, created_at from public.get_chat_messages(null, 50) where id = $1',
        [sent?.id],
      );
      const instant = (value: unknown) => (value instanceof Date ? value.getTime() : Date.parse(String(value)));
      const carried = announced!.payload;
      expect(Object.keys(carried).sort()).toEqual(['body', 'created_at', 'icon', 'id', 'user_id', 'username']);
      expect({ ...carried, id: Number(carried.id), created_at: instant(carried.created_at) }).toEqual({
        ...read,
        id: Number(read?.id),
        created_at: instant(read?.created_at),
      });
      // A message written straight into the table is announced too; one stored hidden is not.
      await as(db, bob, 'insert into public.chat_messages (user_id, body) values ($1, $2)', [bob, 'hi']);
      await db.query(`insert into public.chat_messages (user_id, body, hidden) values ($1, 'moderated', true)`, [bob]);
      expect((await broadcasts()).map((b) => b.payload.body)).toEqual(['hello there', 'hi']);
    });

    it('tells both students of a friend request, its answer and a block, on their own topics, naming nobody', async () => {
      await as(db, ann, 'select public.request_friend($1)', ['bob_live']);
      await as(db, bob, 'select public.answer_friend_request($1, true)', [ann]);
      await as(db, bob, 'select public.block_player($1)', [ann]);
      const told = (await broadcasts()).filter((b) => b.event === 'friends');
      // Asked, accepted, ended by the block: three changes, each told to both.
      expect(told.filter((b) => b.topic === `user:${ann}`)).toHaveLength(3);
      expect(told.filter((b) => b.topic === `user:${bob}`)).toHaveLength(3);
      expect(told.every((b) => b.private && Object.keys(b.payload).every((key) => key === 'id'))).toBe(true);
    });

    it('tells both players of an invite, its answer and each move, naming the game only', async () => {
      await as(db, ann, 'select public.request_friend($1)', ['bob_live']);
      await as(db, bob, 'select public.answer_friend_request($1, true)', [ann]);
      const [invite] = await as<{ id: number }>(db, ann, `select public.invite_to_match($1, 'tic-tac-toe') as id`, [bob]);
      const matchId = Number(invite?.id);
      await as(db, bob, 'select public.answer_match_invite($1, true)', [matchId]);
      // The move as the match-move function stores it, with the service role, once the rules allowed it.
      await db.query(`select public.store_match_move($1, $2, 0, '4', $3, '----X----')`, [ann, matchId, crypto.randomUUID()]);
      const told = (await broadcasts()).filter((b) => b.event === 'match');
      for (const who of [ann, bob]) {
        const mine = told.filter((b) => b.topic === `user:${who}`);
        expect(mine.map((b) => [b.payload.status, b.payload.ply])).toEqual([
          ['invited', 0],
          ['active', 0],
          ['active', 1],
        ]);
        expect(mine.every((b) => b.payload.match_id === matchId)).toBe(true);
      }
      expect(told.every((b) => b.private && Object.keys(b.payload).sort().join() === 'id,match_id,ply,status')).toBe(true);
      expect(told.some((b) => b.topic !== `user:${ann}` && b.topic !== `user:${bob}`)).toBe(false);
    });

    it('tells the maker of a game link that a classmate took the seat, and nobody before that but the maker', async () => {
      const [link] = await as<{ match_id: string; code: string }>(db, ann, `select match_id, code from public.create_match_link('chess')`);
      const matchId = Number(link?.match_id);
      expect((await broadcasts()).filter((b) => b.event === 'match').map((b) => [b.topic, b.payload.status])).toEqual([[`user:${ann}`, 'invited']]);
      await as(db, bob, 'select public.join_match_link($1)', [link?.code]);
      // One transaction's messages share their time, so their order is not asserted.
      const told = (await broadcasts()).filter((b) => b.event === 'match');
      expect(told.map((b) => [b.topic, b.payload.match_id, b.payload.status].join(' ')).sort()).toEqual(
        [`user:${ann} ${matchId} active`, `user:${ann} ${matchId} invited`, `user:${bob} ${matchId} active`].sort(),
      );
    });

    it('publishes no table of the app for Postgres Changes: the chat reaches devices only as private broadcasts', async () => {
      const published = await db.query<{ table: string }>(
        `select schemaname || '.' || tablename as table from pg_publication_tables where schemaname in ('public', 'app_private')`,
      );
      expect(published.rows).toEqual([]);
    });
  });
}
