import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../supabase/embedded/server.ts';
import { client, newUser, startFixtureBackend } from './helpers.ts';

let backend: Backend;
let anon: SupabaseClient;
let alice: Awaited<ReturnType<typeof newUser>>;
let bob: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  backend = await startFixtureBackend();
  anon = client(backend);
  alice = await newUser(backend, 'alice');
  bob = await newUser(backend, 'bob');
});
afterAll(() => backend.close());

const names = (rows: { name: string }[] | null) => (rows ?? []).map((r) => r.name);

describe('select and filters', () => {
  it('selects columns with aliases and casts', async () => {
    const { data, error } = await anon.from('items').select('id, title:name, price::text').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, title: 'Red cursor', price: '100' }]);
  });

  it('applies each filter kind', async () => {
    const q = () => anon.from('items').select('name').order('id');
    expect(names((await q().eq('category', 'cursor')).data)).toEqual(['Red cursor', 'Blue cursor']);
    expect(names((await q().neq('category', 'cursor')).data)).toHaveLength(4);
    expect(names((await q().gt('price', 250)).data)).toEqual(['Space background', 'Gold frame']);
    expect(names((await q().gte('price', 250)).data)).toEqual(['Space background', 'Forest background', 'Gold frame']);
    expect(names((await q().lt('price', 150)).data)).toEqual(['Red cursor']);
    expect(names((await q().lte('price', 150)).data)).toEqual(['Red cursor', 'Blue cursor']);
    expect(names((await q().like('name', '%background')).data)).toEqual(['Space background', 'Forest background']);
    expect(names((await q().ilike('name', 'comic%')).data)).toEqual(['Comic font']);
    expect(names((await q().is('description', null)).data)).toEqual(['Blue cursor', 'Forest background']);
    expect(names((await q().not('description', 'is', null)).data)).toHaveLength(4);
    expect(names((await q().in('id', [2, 4, 99])).data)).toEqual(['Blue cursor', 'Comic font']);
    expect(names((await q().in('name', ['Comic font', 'a,b "c"'])).data)).toEqual(['Comic font']);
    expect(names((await q().or('price.gte.1000,category.eq.font')).data)).toEqual(['Comic font', 'Gold frame']);
    expect(names((await q().or('and(category.eq.cursor,price.gt.100),id.eq.6')).data)).toEqual(['Blue cursor', 'Gold frame']);
    expect(names((await q().or('description.ilike.*with a twist*')).data)).toEqual(['Comic font']);
    expect(names((await q().not('category', 'in', '(cursor,background)')).data)).toEqual(['Comic font', 'Gold frame']);
    expect(names((await q().match({ category: 'background', price: 300 })).data)).toEqual(['Space background']);
  });

  it('orders by several columns with nulls placement, limits, offsets and ranges', async () => {
    const ordered = await anon.from('items').select('name').order('category').order('price', { ascending: false });
    expect(names(ordered.data)).toEqual(['Space background', 'Forest background', 'Blue cursor', 'Red cursor', 'Comic font', 'Gold frame']);
    const nulls = await anon.from('items').select('name').order('description', { nullsFirst: true }).order('id').limit(2);
    expect(names(nulls.data)).toEqual(['Blue cursor', 'Forest background']);
    const page = await anon.from('items').select('name').order('id').range(2, 3);
    expect(names(page.data)).toEqual(['Space background', 'Comic font']);
    const limited = await anon.from('items').select('name').order('id').limit(1);
    expect(names(limited.data)).toEqual(['Red cursor']);
  });

  it('counts exactly, including HEAD requests', async () => {
    const counted = await anon.from('items').select('id', { count: 'exact' }).eq('category', 'background').limit(1);
    expect(counted.count).toBe(2);
    expect(counted.data).toHaveLength(1);
    const head = await anon.from('items').select('*', { count: 'exact', head: true });
    expect(head.error).toBeNull();
    expect(head.count).toBe(6);
    expect(head.data).toBeNull();
  });

  it('returns single rows and PGRST116 for zero or many', async () => {
    const one = await anon.from('items').select('name').eq('id', 3).single();
    expect(one.data).toEqual({ name: 'Space background' });
    const none = await anon.from('items').select('name').eq('id', 404).single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe('PGRST116');
    expect(none.error?.message).toBe('JSON object requested, multiple (or no) rows returned');
    expect(none.error?.details).toBe('The result contains 0 rows');
    const many = await anon.from('items').select('name').eq('category', 'cursor').single();
    expect(many.error?.code).toBe('PGRST116');
    const maybeNone = await anon.from('items').select('name').eq('id', 404).maybeSingle();
    expect(maybeNone).toMatchObject({ data: null, error: null });
    const maybeMany = await anon.from('items').select('name').eq('category', 'cursor').maybeSingle();
    expect(maybeMany.error?.code).toBe('PGRST116');
  });

  it('embeds many-to-one as an object and one-to-many as an array', async () => {
    await alice.supabase.rpc('add_score', { p_app: 'snake', p_score: 40 });
    await bob.supabase.rpc('add_score', { p_app: 'snake', p_score: 70 });
    const scores = await anon.from('scores').select('score, player:profiles(username)').eq('app', 'snake').order('score', { ascending: false });
    expect(scores.error).toBeNull();
    expect(scores.data).toEqual([
      { score: 70, player: { username: 'bob' } },
      { score: 40, player: { username: 'alice' } },
    ]);
    const profiles = await anon.from('profiles').select('username, scores(app, score)').eq('username', 'bob');
    expect(profiles.data).toEqual([{ username: 'bob', scores: [{ app: 'snake', score: 70 }] }]);
    const inner = await anon.from('profiles').select('username, scores!inner(score)').gte('scores.score', 50);
    expect(inner.data).toEqual([{ username: 'bob', scores: [{ score: 70 }] }]);
    const unrelated = await anon.from('items').select('name, profiles(username)');
    expect(unrelated.error?.code).toBe('PGRST200');
  });
});

describe('writes under row level security', () => {
  it('inserts with representation, single and arrays, and hides rows from other users', async () => {
    const one = await alice.supabase.from('notes').insert({ body: 'first', score: 3 }).select().single();
    expect(one.error).toBeNull();
    expect(one.data).toMatchObject({ body: 'first', score: 3, user_id: alice.id, tags: [] });
    const many = await alice.supabase
      .from('notes')
      .insert([{ body: 'second', tags: ['a', 'b'], data: {} }, { body: 'third', tags: [], data: { x: 1 } }])
      .select('body, tags, data');
    expect(many.data).toEqual([
      { body: 'second', tags: ['a', 'b'], data: {} },
      { body: 'third', tags: [], data: { x: 1 } },
    ]);
    const minimal = await alice.supabase.from('notes').insert({ body: 'quiet' });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();

    const mine = await alice.supabase.from('notes').select('body', { count: 'exact' });
    expect(mine.count).toBe(4);
    const theirs = await bob.supabase.from('notes').select('body');
    expect(theirs.data).toEqual([]);
    const anonymous = await anon.from('notes').select('body');
    expect(anonymous.data).toEqual([]);
  });

  it('refuses writes that break a policy or a constraint with PostgREST codes', async () => {
    const forged = await bob.supabase.from('notes').insert({ body: 'as alice', user_id: alice.id });
    expect(forged.status).toBe(403);
    expect(forged.error?.code).toBe('42501');
    const anonymous = await anon.from('notes').insert({ body: 'nobody' });
    expect(anonymous.status).toBe(401);
    const negative = await alice.supabase.from('notes').insert({ body: 'bad', score: -1 });
    expect(negative.status).toBe(400);
    expect(negative.error?.code).toBe('23514');
    const duplicate = await alice.supabase.from('profiles').update({ username: 'bob' }).eq('id', alice.id);
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.code).toBe('23505');
    const badColumn = await alice.supabase.from('notes').insert({ body: 'x', nope: 1 });
    expect(badColumn.status).toBe(400);
    expect(badColumn.error?.code).toBe('PGRST204');
    const badType = await anon.from('items').select('id').eq('id', 'not-a-number');
    expect(badType.status).toBe(400);
    expect(badType.error?.code).toBe('22P02');
    const unknownColumn = await anon.from('items').select('nope');
    expect(unknownColumn.status).toBe(400);
    expect(unknownColumn.error?.code).toBe('42703');
  });

  it('updates and deletes only own rows', async () => {
    const note = (await alice.supabase.from('notes').insert({ body: 'editable' }).select('id').single()).data as { id: number };
    const byBob = await bob.supabase.from('notes').update({ body: 'hacked' }).eq('id', note.id).select();
    expect(byBob.data).toEqual([]);
    const deletedByBob = await bob.supabase.from('notes').delete().eq('id', note.id).select();
    expect(deletedByBob.data).toEqual([]);
    const byAlice = await alice.supabase.from('notes').update({ body: 'edited' }).eq('id', note.id).select('body');
    expect(byAlice.data).toEqual([{ body: 'edited' }]);
    const noBody = await alice.supabase.from('notes').update({ score: 9 }).eq('id', note.id);
    expect(noBody.status).toBe(204);
    const deleted = await alice.supabase.from('notes').delete().eq('id', note.id).select('id, score');
    expect(deleted.data).toEqual([{ id: note.id, score: 9 }]);
    expect((await alice.supabase.from('notes').select('id').eq('id', note.id)).data).toEqual([]);
  });

  it('rolls back a single-row update that matched several rows', async () => {
    await alice.supabase.from('notes').insert([{ body: 'one' }, { body: 'two' }]);
    const many = await alice.supabase.from('notes').update({ score: 42 }).gte('id', 0).select().single();
    expect(many.error?.code).toBe('PGRST116');
    const unchanged = await alice.supabase.from('notes').select('id').eq('score', 42);
    expect(unchanged.data).toEqual([]);
  });

  it('upserts with merge and ignore, on a chosen conflict column', async () => {
    const service = client(backend, backend.serviceRoleKey);
    const merged = await service.from('items').upsert({ id: 1, name: 'Crimson cursor', category: 'cursor', price: 120 }).select('id, name, price');
    expect(merged.data).toEqual([{ id: 1, name: 'Crimson cursor', price: 120 }]);
    const ignored = await service.from('items').upsert({ id: 2, name: 'Ignored', category: 'cursor', price: 1 }, { ignoreDuplicates: true }).select();
    expect(ignored.data).toEqual([]);
    expect((await anon.from('items').select('name').eq('id', 2).single()).data).toEqual({ name: 'Blue cursor' });
    const byName = await alice.supabase.from('profiles').upsert({ id: alice.id, username: 'alice', icon: 'cat.png' }, { onConflict: 'id' }).select('icon');
    expect(byName.error?.code).toBe('42501');
    const byAnon = await anon.from('items').upsert({ id: 7, name: 'x', category: 'y', price: 1 });
    expect(byAnon.status).toBe(401);
  });
});

describe('rpc', () => {
  it('returns sets as arrays, scalars as values, composites as objects and void as null', async () => {
    const top = await anon.rpc('get_top_scores');
    expect(top.data).toEqual([
      { username: 'bob', score: 70 },
      { username: 'alice', score: 40 },
    ]);
    const filtered = await anon.rpc('get_top_scores').eq('username', 'alice');
    expect(filtered.data).toEqual([{ username: 'alice', score: 40 }]);
    expect((await anon.rpc('sum_array', { vals: [1, 2, 3] })).data).toBe(6);
    expect((await anon.rpc('echo_json', { payload: { a: [1, 'two'] } })).data).toEqual({ label: 'echo', payload: { a: [1, 'two'] } });
    const row = await alice.supabase.rpc('add_score', { p_app: 'tetris', p_score: 5 });
    expect(row.data).toMatchObject({ app: 'tetris', score: 5, user_id: alice.id });
    const nothing = await anon.rpc('touch');
    expect(nothing).toMatchObject({ data: null, error: null, status: 204 });
    expect((await alice.supabase.rpc('whoami')).data).toBe(`${alice.id} as authenticated`);
    expect((await anon.rpc('whoami')).data).toBe('anon as anon');
    expect((await anon.rpc('get_top_scores', undefined, { get: true })).data).toHaveLength(2);
  });

  it('resolves overloads by argument names', async () => {
    expect((await alice.supabase.rpc('get_coins_gained', { start_date: '2024-05-01T00:00:00Z' })).data).toBe('mine since 2024-05-01');
    expect((await alice.supabase.rpc('get_coins_gained', { p_user_id: bob.id, start_date: '2024-05-02T00:00:00Z' })).data).toBe(
      `user ${bob.id} since 2024-05-02`,
    );
    const missing = await anon.rpc('get_coins_gained', { when: 'now' });
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PGRST202');
    expect(missing.error?.message).toBe('Could not find the function public.get_coins_gained(when) in the schema cache');
    const unknown = await anon.rpc('no_such_function');
    expect(unknown.error?.code).toBe('PGRST202');
  });

  it('surfaces a raised error with its code, message, details and hint', async () => {
    const tooHigh = await alice.supabase.rpc('add_score', { p_app: 'snake', p_score: 2_000_000 });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.error).toMatchObject({ code: 'P0001', message: 'score too high', details: 'at most 1000000', hint: 'play fair' });
    const custom = await anon.rpc('add_score', { p_app: 'snake', p_score: 1 });
    expect(custom.status).toBe(401);
    expect(custom.error?.message).toBe('not signed in');
  });
});
