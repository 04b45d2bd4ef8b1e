// 200 rapid requests against every limit the server keeps (issue #10), all in flight at once: the
// chat's 5 messages per 10 seconds (through the RPC, a direct insert and the outbox batch), one streak
// claim a day, one time tick per 5 minutes, the 300 paid plays a day, 120 mutations a minute, and a
// purchase with coins for one item only. The count the server booked is exactly the documented limit,
// every other request gets a 4xx with the rule's text, and the server keeps serving everyone else. 200 wrong passwords
// are all refused (a few checked, the rest turned away by the per-device and per-account limits, see
// guessing.test.ts), and the student can still sign in from their own device. And the flood of issue
// 20, six accounts made on the spot posting 30 messages at once from one device, meets the limit of
// the device, whatever addresses its requests' headers claim. Each student has a device of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonFrom, newDevice } from '../from-address.ts';
import { client, newUser } from '../helpers.ts';
import { Arena, messageOf, type Answer, type Student } from './arena.ts';

const RAPID = 200;
const RATE_LIMITED = 'You are sending messages too fast: at most 5 messages every 10 seconds. Wait a moment and try again.';
const DEVICE_LIMITED = 'This device is sending messages too fast: at most 5 messages every 10 seconds, whichever account sends them. Wait a moment and try again.';
const MUTATIONS_PER_MINUTE = 120;
const TOO_MANY_CHANGES = 'Too many changes at once: at most 120 a minute. The rest wait on this device and are sent in a moment.';
const NEW_ACCOUNT_LIMITED = /^Your account is new, so it can send at most 3 messages every 30 seconds until it is a day old \(in about 24 hours\)\. Wait a moment and try again\.$/;

let arena: Arena;

beforeAll(async () => {
  arena = await Arena.open();
});
afterAll(() => arena?.close('rate-limits'));

/** A student past their first day, on a device of their own. */
async function student(name: string): Promise<Student> {
  const user = await newUser(arena.backend, name, { device: newDevice(), established: true });
  const profile = (await user.supabase.rpc('ensure_profile')).data as { username: string };
  return { ...user, username: profile.username };
}

function burst(make: (i: number) => Promise<Answer>): Promise<Answer[]> {
  return Promise.all(Array.from({ length: RAPID }, (_, i) => make(i)));
}

async function rows(table: string, filter: string): Promise<Record<string, unknown>[]> {
  return (await arena.service(`/rest/v1/${table}?select=*&${filter}`)).body as Record<string, unknown>[];
}

/** Every refused request of a burst: a 4xx carrying `message`. */
function expectRefusals(answers: Answer[], message: string | RegExp): void {
  for (const answer of answers.filter((a) => a.status >= 300)) {
    expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    expect(messageOf(answer)).toMatch(message);
  }
}

async function stillServing(): Promise<void> {
  const about = await arena.rpc(arena.bob, 'update_profile', { p_username: null, p_icon: null, p_user_about: 'still here', p_client_id: crypto.randomUUID() });
  expect(about.status).toBe(200);
  expect((await arena.rpc(arena.bob, 'get_chat_messages', { p_limit: 5 })).status).toBe(200);
  expect((await arena.as(null, '/rest/v1/apps?select=id')).status).toBe(200);
}

describe(`${RAPID} rapid requests`, () => {
  it('post exactly 5 chat messages through the RPC', async () => {
    const carol = await student('carol_rate');
    const answers = await burst((i) => arena.rpc(carol, 'send_chat_message', { p_body: `spam ${i}`, p_client_id: crypto.randomUUID() }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expectRefusals(answers, RATE_LIMITED);
    expect(await rows('chat_messages', `user_id=eq.${carol.id}`)).toHaveLength(5);
    await stillServing();
  });

  it('post exactly 5 chat messages through direct inserts', async () => {
    const dave = await student('dave_rate');
    const answers = await burst((i) => arena.as(dave, '/rest/v1/chat_messages', { method: 'POST', body: JSON.stringify({ user_id: dave.id, body: `spam ${i}` }) }));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expectRefusals(answers, RATE_LIMITED);
    expect(await rows('chat_messages', `user_id=eq.${dave.id}`)).toHaveLength(5);
    await stillServing();
  });

  it('post exactly 5 chat messages through two outbox batches of 100 sent at once', async () => {
    const erin = await student('erin_rate');
    const batch = () => Array.from({ length: RAPID / 2 }, (_, i) => ({ id: crypto.randomUUID(), kind: 'send_chat_message', args: { p_body: `spam ${i}` } }));
    const answers = await Promise.all([arena.rpc(erin, 'apply_mutations', { p_ops: batch() }), arena.rpc(erin, 'apply_mutations', { p_ops: batch() })]);
    const results = answers.flatMap((a) => a.body as { ok: boolean; message?: string }[]);
    expect(results).toHaveLength(RAPID);
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    for (const r of results.filter((x) => !x.ok)) expect(r.message).toBe(RATE_LIMITED);
    expect(await rows('chat_messages', `user_id=eq.${erin.id}`)).toHaveLength(5);
    await stillServing();
  });

  it('post 5 of the 30 messages of six accounts made on the spot on one device, whatever addresses their headers claim', async () => {
    const device = newDevice();
    const classmate = await student('kim_rate');
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => newUser(arena.backend, `flood${i}_rate`, { device })));
    // Each request claims another address, or the classmate's, in every header a proxy would write.
    const forged = (i: number) => ({ 'x-forwarded-for': `10.20.${i}.1`, 'x-real-ip': `10.20.${i}.1`, 'x-device-address': i % 2 === 0 ? `10.30.${i}.1` : (classmate.device ?? '') });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const who = made[i % 6] as Student;
        return i % 3 === 0
          ? arena.as(who, '/rest/v1/chat_messages', { method: 'POST', headers: forged(i), body: JSON.stringify({ user_id: who.id, body: `flood ${i}` }) })
          : arena.as(who, '/rest/v1/rpc/send_chat_message', { method: 'POST', headers: forged(i), body: JSON.stringify({ p_body: `flood ${i}`, p_client_id: crypto.randomUUID() }) });
      }),
    );
    expect(answers.filter((a) => a.status < 300)).toHaveLength(5);
    const refused = answers.filter((a) => a.status >= 300);
    for (const answer of refused) {
      expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      expect(messageOf(answer) === DEVICE_LIMITED || NEW_ACCOUNT_LIMITED.test(messageOf(answer)), messageOf(answer)).toBe(true);
    }
    // Only an account with 3 of the 5 can hear that it is new, for its other 2 messages.
    expect(refused.filter((a) => messageOf(a) === DEVICE_LIMITED).length).toBeGreaterThanOrEqual(23);
    expect(await rows('chat_messages', `user_id=in.(${made.map((m) => m.id).join(',')})`)).toHaveLength(5);
    // The classmate whose address the headers named sends as ever.
    expect((await arena.rpc(classmate, 'send_chat_message', { p_body: 'hello', p_client_id: crypto.randomUUID() })).status).toBe(200);
    await stillServing();
  });

  it('claim the streak once and tick the time once, whatever the client ids', async () => {
    const frank = await student('frank_rate');
    const claims = await burst(() => arena.rpc(frank, 'claim_streak', { p_client_id: crypto.randomUUID() }));
    expect(claims.filter((a) => a.status === 200)).toHaveLength(1);
    expectRefusals(claims, 'You already claimed your streak today. Come back later!');
    const ticks = await burst(() => arena.rpc(frank, 'increment_time_spent', { user_id: frank.id, increment_value: 5, p_client_id: crypto.randomUUID() }));
    expect(ticks.filter((a) => a.status === 200)).toHaveLength(1);
    expectRefusals(ticks, 'Time spent was already counted less than 5 minutes ago.');
    const ledger = (await rows('coins_transactions', `user_id=eq.${frank.id}`)).map((r) => [r.amt, r.why]).sort();
    expect(ledger).toEqual([[10, 'time spent (streak bonus x2)'], [100, 'streak claim']]);
    expect((await rows('my_users', `user_id=eq.${frank.id}`))[0]).toMatchObject({ time_spent: 5, current_streak: 1 });
    await stillServing();
  });

  it('record 120 plays a minute, refusing the rest of the burst, and pay only up to 300 plays a day', async () => {
    const gina = await student('gina_rate');
    // 250 plays already paid today: the burst may earn the other 50 of the day's 300, no more.
    const today = Array.from({ length: 250 }, () => ({ user_id: gina.id, amt: 1, why: 'app played', created_at: new Date(Date.now() - 3_600_000).toISOString() }));
    await arena.service('/rest/v1/coins_transactions', { method: 'POST', body: JSON.stringify(today) });
    const apps = ['2048', 'snake', 'minesweeper', 'breakout', 'flappy', 'memory'];
    const plays = await burst((i) => arena.rpc(gina, 'record_app_played', { p_app_id: apps[i % apps.length], p_client_id: crypto.randomUUID() }));
    // One student applies at most 120 mutations a minute (issue 26); the others are told to wait.
    expect(plays.filter((a) => a.status === 200)).toHaveLength(MUTATIONS_PER_MINUTE);
    expect(plays.filter((a) => a.status === 429)).toHaveLength(RAPID - MUTATIONS_PER_MINUTE);
    expectRefusals(plays, TOO_MANY_CHANGES);
    expect(plays.map((a) => (a.body as { coins?: number }).coins).filter((c) => c === 1)).toHaveLength(50);
    const ledger = await rows('coins_transactions', `user_id=eq.${gina.id}`);
    expect(ledger.map((r) => r.amt)).toEqual(Array.from({ length: 300 }, () => 1));
    expect((await rows('my_users', `user_id=eq.${gina.id}`))[0]).toMatchObject({ apps_played: apps.length });
    await stillServing();
  });

  it('sell one item to a student who can afford one, however many purchases race', async () => {
    const hank = await student('hank_rate');
    await arena.service('/rest/v1/coins_transactions', { method: 'POST', body: JSON.stringify({ user_id: hank.id, amt: 1000, why: 'test grant' }) });
    // Each costs 800 or more, so 1,000 Dabloons buy exactly one of them.
    const items = ['sword_cursor', 'cat_background', 'pink_background', 'forest_background'];
    const buys = await burst((i) => arena.rpc(hank, 'buy_item', { p_item_id: items[i % items.length], p_client_id: crypto.randomUUID() }));
    expect(buys.filter((a) => a.status === 200)).toHaveLength(1);
    expectRefusals(buys, /^(not enough coins|Item not unlocked, You already have it)$/);
    expect(await rows('items_unlocked', `user_id=eq.${hank.id}`)).toHaveLength(1);
    const balance = await arena.rpc(hank, 'get_coin_amt', { p_user_id: hank.id });
    expect(Number(balance.body)).toBeGreaterThanOrEqual(0);
    expect(Number(balance.body)).toBeLessThan(1000);
    await stillServing();
  });

  it('refuse every wrong password without locking the student out', async () => {
    const ivy = await student('ivy_rate');
    const tries = await burst(async () => {
      const { error } = await client(arena.backend).auth.signInWithPassword({ email: ivy.email, password: 'not the password' });
      return { status: error?.status ?? 200, contentType: 'application/json', body: { message: error?.message ?? '' } };
    });
    expect(tries.every((a) => a.status === 400 || a.status === 429)).toBe(true);
    expectRefusals(tries.filter((a) => a.status === 400), 'Invalid login credentials');
    expectRefusals(tries.filter((a) => a.status === 429), /^Too many /);
    const real = await jsonFrom('127.0.0.2', `${arena.backend.url}/auth/v1/token?grant_type=password`, 'POST', { apikey: arena.backend.anonKey }, { email: ivy.email, password: ivy.password });
    expect(real.status).toBe(200);
    await stillServing();
  });
});
