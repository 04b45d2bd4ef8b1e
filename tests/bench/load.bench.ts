// Load: 50 students on loopback against the embedded backend for 60 s
// (LOAD_SECONDS overrides it for a quick trial), each doing what the app does with a little think
// time between actions: claim the streak, open games (with the play-time tick), buy and wear shop
// items, submit scores with their proof image, chat, and read the leaderboard and their wallet.
// Writes travel as the outbox sends them: apply_mutations with one client id per action, through
// the app's own supabase transport, retried with the same ids after a failed call, and now and
// then sent again as after a lost answer. Afterwards every student's rows on the server are
// compared with what their client saw acknowledged.
//
// Latencies are figures only: nothing here fails on time. The process does exit non-zero when a
// request failed or a write was lost, doubled or booked wrongly, because that is correctness.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import WebSocket from 'ws';
import type { Database } from '../../src/backend/database.types.ts';
import type { MutationArgs, MutationKind } from '../../src/store/db.ts';
import { createSupabaseTransport } from '../../src/sync/supabaseTransport.ts';
import type { MutationOp, OpResult, SyncTransport } from '../../src/sync/transport.ts';
import { startBackend } from '../../supabase/embedded/server.ts';
import { fetchFrom, newDevice } from '../backend/from-address.ts';
import { ms, percentile, printGrid, time } from './stats.ts';

const STUDENTS = 50;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
if (!Number.isFinite(SECONDS) || SECONDS <= 0) throw new Error(`LOAD_SECONDS must be a positive number, got ${process.env.LOAD_SECONDS}`);
/** Between two actions a student reads, plays or thinks for a time drawn from this range. */
const THINK_MS = [200, 1000] as const;
/** Coins an operator grants each student first, so the shop is in use from the first minute. */
const GRANT = 3000;
/** How often a playing student's device tries the time tick; the server counts one per 5 minutes. */
const TICK_EVERY_MS = 15_000;
/** The chat allows 5 messages per 10 s (3 per 30 s in an account's first day); a student here sends at most one per 3 s. */
const CHAT_GAP_MS = 3000;
/** Share of acknowledged writes sent again with the same client id, as after a lost answer. */
const REPLAY_SHARE = 0.05;
/** The outbox retries a failed call with the same ids; here a few times before giving up. */
const ATTEMPTS = 5;
const APPS = ['2048', 'snake', 'minesweeper', 'breakout', 'flappy', 'memory'];
const EQUIPPABLE = new Set(['cursor', 'background', 'font']);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const DAY_MS = 24 * 60 * 60 * 1000;

/** The rule refusals a student meets in normal use (P0001 with these texts); any other failure is an error. */
const EXPECTED_REFUSALS: Partial<Record<MutationKind, RegExp>> = {
  claim_streak: /already claimed your streak today/,
  increment_time_spent: /already counted less than 5 minutes ago/,
  buy_item: /^(not enough coins|Item not unlocked, You already have it)$/,
  send_chat_message: /sending messages too fast|^Your account is new/,
};

type Client = SupabaseClient<Database>;
type ShopItem = Database['public']['Tables']['shop_items']['Row'];

interface Owned {
  type: string;
  equipped: boolean;
}

/** One student's client, and everything it saw the server acknowledge. */
interface Student {
  index: number;
  id: string;
  client: Client;
  transport: SyncTransport;
  /** The grant plus every acknowledged reward, minus every acknowledged price. */
  balance: number;
  ledgerRows: number;
  claims: number;
  ticks: number;
  played: Set<string>;
  owned: Map<string, Owned>;
  submissions: Map<string, { app: string; score: number; proven: boolean }>;
  chats: number;
  /** Client ids of acknowledged actions the server logs in client_mutations (chat keeps its own). */
  acknowledged: Set<string>;
  lastTickTry: number;
  lastChat: number;
  chatSince: string | undefined;
}

interface OpStats {
  took: number[];
  refused: number;
  errors: number;
}

const WRITES = new Set<string>();
const stats = new Map<string, OpStats>();
const errorSamples: string[] = [];
let unresolved = 0;

function statsOf(label: string): OpStats {
  let entry = stats.get(label);
  if (!entry) {
    entry = { took: [], refused: 0, errors: 0 };
    stats.set(label, entry);
  }
  return entry;
}

function fail(label: string, message: string): void {
  statsOf(label).errors += 1;
  if (errorSamples.length < 10) errorSamples.push(`${label}: ${message}`);
}

async function measured<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    statsOf(label).took.push(performance.now() - start);
  }
}

interface Answer<T> {
  data: T | null;
  error: { message: string } | null;
}

async function read<T>(label: string, run: () => PromiseLike<Answer<T>>): Promise<T | null> {
  const answer = await measured(label, async () => run());
  if (answer.error) {
    fail(label, answer.error.message);
    return null;
  }
  return answer.data;
}

type ProblemKind = 'lost' | 'extra' | 'mismatch';
const problems: { kind: ProblemKind; count: number; what: string }[] = [];

function problem(kind: ProblemKind, student: Student, what: string, count = 1): void {
  problems.push({ kind, count, what: `student ${student.index}: ${what}` });
}

function pick<T>(values: readonly T[]): T {
  return values[randomInt(values.length)] as T;
}

function op<K extends MutationKind>(kind: K, args: MutationArgs[K]): MutationOp {
  return { id: randomUUID(), kind, args: { ...args } };
}

/** One apply_mutations call, retried with the same ids like the outbox does; null when it never got through. */
async function sendOps(student: Student, label: string, ops: MutationOp[]): Promise<OpResult[] | null> {
  WRITES.add(label);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      const results = await measured(label, () => student.transport.applyMutations(ops));
      if (results.length !== ops.length || results.some((result, i) => result.id !== ops[i]?.id)) {
        fail(label, `answers ${JSON.stringify(results)} do not match the operations sent`);
        return null;
      }
      return results;
    } catch (error) {
      fail(label, error instanceof Error ? error.message : String(error));
      await sleep(200 * attempt);
    }
  }
  return null;
}

function credit(student: Student, coins: unknown): void {
  student.balance += Number(coins);
  student.ledgerRows += 1;
}

/** Books an acknowledged action into what the student expects to find on the server. */
function acknowledge(student: Student, sent: MutationOp, result: unknown): void {
  const answer = (result ?? {}) as Record<string, unknown>;
  switch (sent.kind) {
    case 'claim_streak':
      student.claims += 1;
      credit(student, answer.coins);
      break;
    case 'record_app_played':
      student.played.add(String(sent.args.p_app_id));
      credit(student, answer.coins);
      break;
    case 'increment_time_spent':
      student.ticks += 1;
      credit(student, answer.coins);
      break;
    case 'buy_item': {
      const price = Number(answer.price);
      // A student's actions run one after another, so the server's balance after the purchase is exact.
      if (Number(answer.coins) !== student.balance - price) {
        problem('mismatch', student, `buying ${String(answer.item)} left ${String(answer.coins)} coins, the client expected ${student.balance - price}`);
      }
      student.balance -= price;
      student.ledgerRows += 1;
      student.owned.set(String(answer.item), { type: String(answer.type), equipped: false });
      break;
    }
    case 'set_item_equipped': {
      const item = String(answer.item);
      const worn = student.owned.get(item);
      if (!worn) {
        problem('extra', student, `the server let them wear ${item}, which they never bought`);
        break;
      }
      if (answer.equipped === true) for (const [id, owned] of student.owned) if (owned.type === worn.type) owned.equipped = id === item;
      if (answer.equipped === false) worn.equipped = false;
      break;
    }
    case 'submit_score':
      student.submissions.set(String(answer.id), { app: String(sent.args.p_app_id), score: Number(sent.args.p_score), proven: false });
      break;
    case 'send_chat_message':
      student.chats += 1;
      return;
    default:
      throw new Error(`the load benchmark sends no ${sent.kind}`);
  }
  student.acknowledged.add(sent.id);
}

/** Sends one action (or a batch, as a queue of several drains) and books what came back. */
async function write(student: Student, label: string, ops: MutationOp[]): Promise<OpResult[] | null> {
  const results = await sendOps(student, label, ops);
  if (!results) {
    unresolved += ops.length;
    return null;
  }
  results.forEach((result, i) => {
    const sent = ops[i] as MutationOp;
    if (result.ok) {
      acknowledge(student, sent, result.result);
    } else if (result.code === 'P0001' && EXPECTED_REFUSALS[sent.kind]?.test(result.message)) {
      statsOf(label).refused += 1;
    } else {
      fail(label, `${sent.kind} ${result.code}: ${result.message}`);
    }
  });
  if (ops.length === 1 && results[0]?.ok && Math.random() < REPLAY_SHARE) {
    // The answer was "lost": the outbox sends the same id again and must get the first answer back.
    const label = 'replay of an acknowledged action';
    const again = await sendOps(student, label, ops);
    if (again && !isDeepStrictEqual(again, results)) fail(label, `answered ${JSON.stringify(again)} after ${JSON.stringify(results)}`);
  }
  return results;
}

async function claimStreak(student: Student): Promise<void> {
  await write(student, 'claim_streak', [op('claim_streak', {})]);
}

async function playGame(student: Student): Promise<void> {
  const ops = [op('record_app_played', { p_app_id: pick(APPS) })];
  const now = performance.now();
  if (now - student.lastTickTry >= TICK_EVERY_MS) {
    student.lastTickTry = now;
    ops.push(op('increment_time_spent', { user_id: student.id, increment_value: 5 }));
  }
  await write(student, ops.length === 1 ? 'record_app_played' : 'record_app_played + time tick (batch)', ops);
}

async function visitShop(student: Student, catalogue: ShopItem[]): Promise<void> {
  if (Math.random() < 0.3) await read('shop_items', () => student.client.from('shop_items').select('*'));
  // The app refuses on the device what the student cannot afford, so only affordable items are sent.
  const affordable = catalogue.filter((item) => item.price !== null && item.price <= student.balance && !student.owned.has(item.id));
  if (affordable.length === 0) return;
  await write(student, 'buy_item', [op('buy_item', { p_item_id: pick(affordable).id })]);
}

async function changeLook(student: Student): Promise<void> {
  const wearable = [...student.owned].filter(([, owned]) => EQUIPPABLE.has(owned.type));
  if (wearable.length === 0) return;
  const [item, owned] = pick(wearable);
  await write(student, 'set_item_equipped', [op('set_item_equipped', { p_item_id: item, p_equipped: !owned.equipped })]);
}

async function submitScore(student: Student): Promise<void> {
  // Below the lowest of these games' score bounds (Memory Match: 2,650), so the server takes every one.
  const results = await write(student, 'submit_score', [op('submit_score', { p_app_id: pick(APPS), p_score: randomInt(2_000) })]);
  const first = results?.[0];
  if (!first?.ok) return;
  const id = String((first.result as { id: unknown }).id);
  const label = 'proof upload (storage)';
  WRITES.add(label);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      await measured(label, () => student.transport.uploadProof(`${id}_proof.png`, new Blob([PNG], { type: 'image/png' })));
      const submission = student.submissions.get(id);
      if (submission) submission.proven = true;
      return;
    } catch (error) {
      fail(label, error instanceof Error ? error.message : String(error));
      await sleep(200 * attempt);
    }
  }
  unresolved += 1;
}

async function chat(student: Student): Promise<void> {
  const since = student.chatSince;
  const messages = await read('get_chat_messages', () => student.client.rpc('get_chat_messages', since === undefined ? {} : { p_since: since }));
  const last = messages?.[messages.length - 1];
  if (last) student.chatSince = last.created_at;
  const now = performance.now();
  if (now - student.lastChat < CHAT_GAP_MS || Math.random() < 0.5) return;
  student.lastChat = now;
  await write(student, 'send_chat_message', [op('send_chat_message', { p_body: `gg from student ${student.index} (${student.chats + 1})` })]);
}

async function readLeaderboard(student: Student): Promise<void> {
  const { client } = student;
  await Promise.all([
    read('get_top_streaks', () => client.rpc('get_top_streaks')),
    read('get_top_time_spent', () => client.rpc('get_top_time_spent')),
    read('get_apps_played_by_user', () => client.rpc('get_apps_played_by_user')),
    read('get_coins_gained (this week)', () => client.rpc('get_coins_gained', { start_date: new Date(Date.now() - 7 * DAY_MS).toISOString() })),
    read('get_leaderboard_data', () => client.rpc('get_leaderboard_data', { target_user_id: student.id })),
    read('get_app_high_scores', () => client.rpc('get_app_high_scores', { p_app_id: pick(APPS) })),
  ]);
}

/** The wallet refresh the app makes after syncing (reconcileEconomy's reads). */
async function readWallet(student: Student): Promise<void> {
  const { client, id } = student;
  const [coins] = await Promise.all([
    read('get_coin_amt', () => client.rpc('get_coin_amt', { p_user_id: id })),
    read('streak', () => client.from('streak').select('current_streak, longest_streak, last_claim').eq('user_id', id).maybeSingle()),
    read('items_unlocked', () => client.from('items_unlocked').select('user_id, item, type, created_at, equipped').eq('user_id', id)),
    read('coins_transactions (newest 100)', () =>
      client.from('coins_transactions').select('id, amt, why, created_at').eq('user_id', id).order('created_at', { ascending: false }).limit(100),
    ),
  ]);
  if (coins !== null && Number(coins) !== student.balance) {
    problem('mismatch', student, `get_coin_amt said ${coins} while the client had ${student.balance} acknowledged`);
  }
}

type Action = (student: Student, catalogue: ShopItem[]) => Promise<void>;

/** What students do, with how often (weights): mostly playing, reading boards and chatting. */
const MIX: [string, number, Action][] = [
  ['play a game', 30, playGame],
  ['read the leaderboard', 18, readLeaderboard],
  ['chat', 14, chat],
  ['visit the shop', 12, visitShop],
  ['refresh the wallet', 10, readWallet],
  ['submit a score', 6, submitScore],
  ['change their look', 6, changeLook],
  ['claim the streak again', 4, claimStreak],
];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);

function nextAction(): [string, Action] {
  let roll = Math.random() * MIX_TOTAL;
  for (const [name, weight, action] of MIX) {
    roll -= weight;
    if (roll < 0) return [name, action];
  }
  const [name, , action] = MIX[0] as [string, number, Action];
  return [name, action];
}

async function live(student: Student, catalogue: ShopItem[], deadline: number): Promise<void> {
  // Students arrive over the first second, and the first thing they do is claim their streak.
  await sleep(Math.random() * 1000);
  await claimStreak(student);
  for (;;) {
    await sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
    if (performance.now() >= deadline) return;
    const [name, action] = nextAction();
    try {
      await action(student, catalogue);
    } catch (error) {
      fail(name, `threw ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function take<T>(what: string, answer: Answer<T>): T {
  if (answer.error || answer.data === null) throw new Error(`verification could not read ${what}: ${answer.error?.message ?? 'no data'}`);
  return answer.data;
}

function byUser<T extends { user_id: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) out.set(row.user_id, [...(out.get(row.user_id) ?? []), row]);
  return out;
}

function compareSets(student: Student, what: string, expected: Iterable<string>, found: Iterable<string>): void {
  const want = new Set(expected);
  const have = new Set(found);
  for (const key of want) if (!have.has(key)) problem('lost', student, `${what} ${key} was acknowledged but is not on the server`);
  for (const key of have) if (!want.has(key)) problem('extra', student, `${what} ${key} is on the server but was never acknowledged`);
}

function compareCounts(student: Student, what: string, expected: number, found: number): void {
  if (found < expected) problem('lost', student, `${expected} ${what} acknowledged, ${found} on the server`, expected - found);
  if (found > expected) problem('extra', student, `${expected} ${what} acknowledged, ${found} on the server`, found - expected);
}

/** The backend answers at most this many rows a request (api.max_rows), so the check reads in pages of it. */
const PAGE_ROWS = 1000;

/**
 * Every row a read finds, page after page with range requests as PostgREST allows, until a page comes
 * back short. The read must order by a unique key, so pages neither overlap nor skip a row.
 */
async function readAll<T>(what: string, page: (from: number, to: number) => PromiseLike<Answer<T[]>>): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE_ROWS) {
    const found = take(`${what} (rows from ${from})`, await page(from, from + PAGE_ROWS - 1));
    rows.push(...found);
    if (found.length < PAGE_ROWS) return rows;
  }
}

/** Every student's server rows against what their client saw acknowledged. */
async function verify(service: Client, students: Student[]): Promise<number> {
  const ids = students.map((student) => student.id);
  const [ledger, items, plays, profiles, streaks, submissions, messages, mutations] = await Promise.all([
    readAll('coins_transactions', (from, to) => service.from('coins_transactions').select('user_id, amt').in('user_id', ids).order('id').range(from, to)),
    readAll('items_unlocked', (from, to) => service.from('items_unlocked').select('user_id, item, equipped').in('user_id', ids).order('id').range(from, to)),
    readAll('apps_played', (from, to) => service.from('apps_played').select('user_id, app_id').in('user_id', ids).order('id').range(from, to)),
    readAll('my_users', (from, to) => service.from('my_users').select('user_id, time_spent, apps_played, current_streak').in('user_id', ids).order('user_id').range(from, to)),
    readAll('streak', (from, to) => service.from('streak').select('user_id, current_streak').in('user_id', ids).order('user_id').range(from, to)),
    readAll('leaderboard_submissions', (from, to) =>
      service.from('leaderboard_submissions').select('id, user_id, app_id, score').in('user_id', ids).order('id').range(from, to),
    ),
    readAll('chat_messages', (from, to) => service.from('chat_messages').select('user_id, id').in('user_id', ids).order('id').range(from, to)),
    readAll('client_mutations', (from, to) =>
      service.from('client_mutations').select('user_id, client_id').in('user_id', ids).order('user_id').order('client_id').range(from, to),
    ),
  ]);
  const ledgerOf = byUser(ledger);
  const itemsOf = byUser(items);
  const playsOf = byUser(plays);
  const profileOf = byUser(profiles);
  const streakOf = byUser(streaks);
  const submissionsOf = byUser(submissions);
  const messagesOf = byUser(messages);
  const mutationsOf = byUser(mutations);
  // Top lists rank reviewed scores: approve every one, as the moderation desk would, before comparing.
  take('approve the submissions', await service.from('leaderboard_submissions').update({ review: 'approved' }).eq('review', 'pending').select('id'));
  const highScores = new Map<string, Map<string, number>>();
  for (const app of APPS) {
    const rows = take(`get_app_high_scores(${app})`, await service.rpc('get_app_high_scores', { p_app_id: app }));
    highScores.set(app, new Map(rows.map((row) => [row.user_id, Number(row.score)])));
  }

  let checked = 0;
  for (const student of students) {
    const rows = ledgerOf.get(student.id) ?? [];
    const sum = rows.reduce((total, row) => total + row.amt, 0);
    compareCounts(student, 'ledger rows', student.ledgerRows, rows.length);
    if (rows.length === student.ledgerRows && sum !== student.balance) {
      problem('mismatch', student, `the ledger sums to ${sum}, the acknowledged actions to ${student.balance}`);
    }
    const balance = take('get_coin_amt', await student.client.rpc('get_coin_amt', { p_user_id: student.id }));
    if (Number(balance) !== sum) problem('mismatch', student, `the balance is ${balance} but the ledger sums to ${sum}`);

    const serverItems = itemsOf.get(student.id) ?? [];
    compareSets(student, 'item', student.owned.keys(), serverItems.map((row) => row.item));
    for (const row of serverItems) {
      const owned = student.owned.get(row.item);
      if (owned && owned.equipped !== row.equipped) problem('mismatch', student, `${row.item} is ${row.equipped ? '' : 'not '}worn on the server`);
    }

    compareSets(student, 'play of', student.played, (playsOf.get(student.id) ?? []).map((row) => row.app_id));
    const profile = profileOf.get(student.id)?.[0];
    if (!profile) {
      problem('lost', student, 'the profile is missing');
    } else {
      if (profile.apps_played !== student.played.size) problem('mismatch', student, `the profile counts ${profile.apps_played} games, not ${student.played.size}`);
      compareCounts(student, 'time ticks', student.ticks, profile.time_spent / 5);
      if (profile.current_streak !== student.claims) problem('mismatch', student, `the profile streak is ${profile.current_streak}, not ${student.claims}`);
    }
    compareCounts(student, 'streak claims', student.claims, streakOf.get(student.id)?.[0]?.current_streak ?? 0);

    compareSets(student, 'score submission', student.submissions.keys(), (submissionsOf.get(student.id) ?? []).map((row) => String(row.id)));
    const best = new Map<string, number>();
    for (const [id, submission] of student.submissions) {
      if (!submission.proven) continue;
      best.set(submission.app, Math.max(best.get(submission.app) ?? 0, submission.score));
      const proof = await student.client.storage.from('submissions').download(`${id}_proof.png`);
      if (proof.error) problem('lost', student, `the proof of submission ${id} was acknowledged but cannot be read: ${proof.error.message}`);
    }
    for (const [app, score] of best) {
      const shown = highScores.get(app)?.get(student.id);
      if (shown !== score) problem('mismatch', student, `${app} high scores show ${shown ?? 'nothing'} instead of ${score}`);
    }

    compareCounts(student, 'chat messages', student.chats, messagesOf.get(student.id)?.length ?? 0);
    compareSets(student, 'client id', student.acknowledged, (mutationsOf.get(student.id) ?? []).map((row) => row.client_id));
    checked += student.acknowledged.size + student.chats + 1;
  }
  return checked;
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-load-'));
// As in a real class, each student has a device of their own: a loopback address each (newDevice).
const backend = await startBackend({ port: 0, dataDir, quiet: true });
try {
  const options = { realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false } };
  const service = createClient<Database>(backend.url, backend.serviceRoleKey, options);
  const catalogue = take('shop_items', await service.from('shop_items').select('*').eq('listed', true));
  const stamp = Date.now();

  const enrol = async (index: number): Promise<Student> => {
    const client = createClient<Database>(backend.url, backend.anonKey, { ...options, global: { fetch: fetchFrom(newDevice()) } });
    const { data, error } = await client.auth.signUp({ email: `load-${index}-${stamp}@example.test`, password: 'bench-password' });
    if (error || !data.user) throw error ?? new Error('sign-up returned no user');
    take('ensure_profile', await client.rpc('ensure_profile'));
    // An operator's grant through the service role: clients can never write the ledger themselves.
    const grant = await service.from('coins_transactions').insert({ user_id: data.user.id, amt: GRANT, why: 'operator grant (load benchmark)' });
    if (grant.error) throw new Error(`granting coins failed: ${grant.error.message}`);
    return {
      index,
      id: data.user.id,
      client,
      transport: createSupabaseTransport(client),
      balance: GRANT,
      ledgerRows: 1,
      claims: 0,
      ticks: 0,
      played: new Set(),
      owned: new Map(),
      submissions: new Map(),
      chats: 0,
      acknowledged: new Set(),
      lastTickTry: -Infinity,
      lastChat: -Infinity,
      chatSince: undefined,
    };
  };
  const [signUpTook, students] = await time(() => Promise.all(Array.from({ length: STUDENTS }, (_, i) => enrol(i))));

  const started = performance.now();
  await Promise.all(students.map((student) => live(student, catalogue, started + SECONDS * 1000)));
  const elapsed = (performance.now() - started) / 1000;
  const checked = await verify(service, students);

  const labels = [...stats.keys()].sort((a, b) => Number(WRITES.has(b)) - Number(WRITES.has(a)) || a.localeCompare(b));
  const all = labels.flatMap((label) => statsOf(label).took);
  const errors = labels.reduce((sum, label) => sum + statsOf(label).errors, 0);
  const refused = labels.reduce((sum, label) => sum + statsOf(label).refused, 0);
  const total = (kind: ProblemKind) => problems.filter((p) => p.kind === kind).reduce((sum, p) => sum + p.count, 0);
  const row = (label: string, s: OpStats) => [
    `${WRITES.has(label) ? 'write' : 'read'}: ${label}`,
    String(s.took.length),
    String(s.refused),
    String(s.errors),
    s.took.length ? ms(percentile(s.took, 50)) : '-',
    s.took.length ? ms(percentile(s.took, 95)) : '-',
    '-',
  ];
  printGrid(
    `Load: ${STUDENTS} students for ${SECONDS} s on the embedded backend (${(all.length / elapsed).toFixed(0)} requests/s; sign-up of all took ${ms(signUpTook)})`,
    ['operation', 'count', 'refused', 'errors', 'p50', 'p95', 'goal'],
    [
      ...labels.map((label) => row(label, statsOf(label))),
      row('all requests', { took: all, refused, errors }).map((cell, i) => (i === 0 ? 'all requests' : cell)),
      ['calls given up after retries', String(unresolved), '', '', '', '', '0'],
      ['acknowledged writes checked', String(checked), '', '', '', '', '-'],
      ['lost writes', String(total('lost')), '', '', '', '', '0'],
      ['writes on the server never acknowledged', String(total('extra')), '', '', '', '', '0'],
      ['balances or ledgers not adding up', String(total('mismatch')), '', '', '', '', '0'],
    ],
  );
  for (const sample of errorSamples) console.error(`error: ${sample}`);
  for (const p of problems.slice(0, 10)) console.error(`${p.kind}: ${p.what}`);
  // Correctness, not time: a failed request or a write that went missing fails the benchmark.
  const passed = errors === 0 && unresolved === 0 && problems.length === 0;
  console.log(
    passed
      ? `\nPASS: all ${checked} acknowledged writes are on the server exactly once, every ledger adds up, no request failed.`
      : `\nFAIL: ${errors} failed requests, ${unresolved} calls given up, ${problems.length} rows lost, extra or not adding up (first ones above).`,
  );
  if (!passed) process.exitCode = 1;
} finally {
  await backend.close();
  rmSync(dataDir, { recursive: true, force: true });
}
