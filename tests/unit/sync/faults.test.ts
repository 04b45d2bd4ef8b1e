// The drain state machine under seeded faults, the unit-level twin of tests/e2e/faults/connectivity.spec.ts:
// a student acts offline, comes back online, and the connection dies at a random call of the drain,
// before the server or after it applied the batch; a refresh lands while a batch is out; the tab
// crashes mid-call and reloads; the server refuses a username another student has. A cut costs about
// 15 ms of CPU against the economy model, so two thousand run in the time the browser takes for a
// hundred. Afterwards the server has applied exactly what the student did, each once, in order, and the
// mirror equals the server. A failure names its session's seed: FAULT_SEED=<seed> FAULT_RUNS=1 replays it.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { OutboxItem, PortalDB } from '../../../src/store/db.ts';
import { gainedCacheKey, gainedIn, SEASONS_CACHE_KEY, SEASONS_CACHE_VERSION } from '../../../src/store/seasonRows.ts';
import { gainedWithPending } from '../../../src/domain/seasonGains.ts';
import { ITEM_NOT_OWNED, NOT_ENOUGH_COINS } from '../../../src/domain/messages.ts';
import { canClaim } from '../../../src/domain/streak.ts';
import { createSyncEngine, type SyncEngine } from '../../../src/sync/engine.ts';
import { MutationRefused } from '../../../src/sync/effects.ts';
import { createMemoryLock } from '../../../src/sync/lock.ts';
import { enqueue, type NewMutation } from '../../../src/sync/outbox.ts';
import { TransportError, type MutationOp, type OpResult, type SyncTransport } from '../../../src/sync/transport.ts';
import { seededRandom, type SeededRandom } from '../../e2e/support/seededRandom.ts';
import { EconomyModel, USERNAME_TAKEN } from './economyModel.ts';
import { FakeServer, freshDb, ManualTimer, until, USER } from './fakes.ts';
import { mirrorOf } from './kinds/harness.ts';
import { CAT_BG, GHOST, HOLLOWED, PACK, PROFILE, SWORD } from './seed.ts';

const SEED = Number(process.env.FAULT_SEED ?? 20261122);
/** Seeded sessions of 10 to 30 offline spells each, every spell ended by a cut. */
const RUNS = Number(process.env.FAULT_RUNS ?? 100);

const START = new Date('2025-10-10T08:00:00Z');
const APPS = ['snake', 'tetris', 'pong', 'chess'];
const TAKEN = 'Taken_Name';
const SHOP = [
  SWORD,
  CAT_BG,
  { ...SWORD, id: 'fox_icon', type: 'icon', price: 40 },
  { ...SWORD, id: 'comic_font', type: 'font', price: 120 },
  { ...GHOST, id: 's2_pumpkin_icon', type: 'icon' },
  GHOST,
  PACK,
];

/**
 * Where a spell's connection trouble strikes, at one of its first three apply_mutations calls (Link.strikeAt):
 * - before-server: the call never reaches the server, and the device is offline after it;
 * - answer-lost: the server applies the batch, its answer is lost, the device is offline after it;
 * - refresh-in-flight: the server applies the batch, and a refresh of the mirror lands before the answer;
 * - refresh-then-cut: the same refresh, then the answer is lost and the device is offline: until it
 *   is back, the mirror may count the sent gains twice (it cannot tell whether the refresh held them);
 * - crash: the server applies the batch and the tab dies before the answer; the page is reloaded;
 * - open: every call gets through.
 */
const STRIKES = ['before-server', 'answer-lost', 'refresh-in-flight', 'refresh-then-cut', 'crash', 'open'] as const;
type Strike = (typeof STRIKES)[number];

const offline = () => new TransportError({ kind: 'network', message: 'TypeError: Failed to fetch' });

interface Made {
  item: OutboxItem;
  /** The ledger row the device showed for it at once: what it expects the server to write. */
  predicted: { amt: number; why: string } | null;
}

interface Tally {
  strikes: Record<Strike, number>;
  cuts: number;
  made: number;
  refusedOnServer: number;
  /** Of those, refusals of spending the device allowed on a balance that counted a sent gain twice. */
  overspent: number;
}

/** The network between the page and the model server, which this cycle's strike cuts. */
class Link implements SyncTransport {
  online = false;
  strike: Strike = 'open';
  strikeAt = 1;
  calls = 0;
  hung = false;
  onRefresh: () => Promise<void> = async () => undefined;

  constructor(readonly server: FakeServer) {}

  async applyMutations(ops: MutationOp[]): Promise<OpResult[]> {
    if (!this.online) throw offline();
    this.calls += 1;
    const strike = this.calls === this.strikeAt ? this.strike : 'open';
    if (strike === 'before-server') {
      this.online = false;
      throw offline();
    }
    const results = await this.server.applyMutations(ops);
    if (strike === 'answer-lost') {
      this.online = false;
      throw offline();
    }
    if (strike === 'refresh-in-flight' || strike === 'refresh-then-cut') await this.onRefresh();
    if (strike === 'refresh-then-cut') {
      this.online = false;
      throw offline();
    }
    if (strike === 'crash') {
      this.hung = true;
      return new Promise<OpResult[]>(() => undefined);
    }
    return results;
  }

  uploadProof(path: string, blob: Blob): Promise<void> {
    if (!this.online) return Promise.reject(offline());
    return this.server.uploadProof(path, blob);
  }

  deleteSubmission(id: string): Promise<void> {
    return this.server.deleteSubmission(id);
  }

  async refreshSession(): Promise<boolean> {
    return true;
  }
}

/** The device as the student left it last time online: the mirror equal to the server, in one write. */
async function seedMirror(db: PortalDB, model: EconomyModel, now: Date): Promise<void> {
  await db.transaction('rw', [db.shopItems, db.cache, db.coins, db.streak, db.profile, db.ledger], async () => {
    await db.shopItems.bulkPut(SHOP);
    await db.cache.bulkPut([
      { key: SEASONS_CACHE_KEY, version: SEASONS_CACHE_VERSION, storedAt: now.getTime(), data: [HOLLOWED] },
      { key: gainedCacheKey(USER), version: SEASONS_CACHE_VERSION, storedAt: now.getTime(), data: { 2: model.gained(HOLLOWED.starts_at, HOLLOWED.ends_at) } },
    ]);
    await db.coins.put({ user_id: USER, balance: model.balance(), coinsGainedThisBattlePass: model.gained(HOLLOWED.starts_at), pending: [] });
    if (model.streak) await db.streak.put({ user_id: USER, ...model.streak });
    await db.profile.put(model.profile);
    await db.ledger.bulkPut(model.ledger.map((row) => ({ key: `srv:${row.id}`, user_id: USER, amt: row.amt, why: row.why, created_at: row.created_at, status: 'confirmed' as const })));
  });
}

/** One thing the student does offline, chosen from what the page would offer on this mirror. */
async function act(db: PortalDB, random: SeededRandom, now: Date, made: Made[], tickAllowed: boolean): Promise<void> {
  const owned = async () => new Set((await db.items.where('user_id').equals(USER).toArray()).map((row) => row.item));
  const choices: (() => Promise<NewMutation | null>)[] = [
    async () => ({ kind: 'record_app_played', args: { p_app_id: random.pick(APPS) }, userId: USER }),
    async () => (tickAllowed ? { kind: 'increment_time_spent', args: { user_id: USER, increment_value: 5 }, userId: USER } : null),
    async () => {
      const streak = await db.streak.get(USER);
      return streak === undefined || canClaim(streak.last_claim, now) ? { kind: 'claim_streak', args: {}, userId: USER } : null;
    },
    async () => {
      const item = random.pick(SHOP.filter((i) => i.listed));
      const balance = (await db.coins.get(USER))?.balance ?? 0;
      return !(await owned()).has(item.id) && (item.price ?? Infinity) <= balance ? { kind: 'buy_item', args: { p_item_id: item.id }, userId: USER } : null;
    },
    async () => {
      const wearable = (await db.items.where('user_id').equals(USER).toArray()).filter((row) => ['cursor', 'background', 'font'].includes(row.type));
      return wearable.length > 0
        ? { kind: 'set_item_equipped', args: { p_item_id: random.pick(wearable).item, p_equipped: random.next() < 0.7 }, userId: USER }
        : null;
    },
    async () => {
      const name = random.next() < 0.3 ? TAKEN : `fox_${random.int(100, 999)}`;
      return { kind: 'update_profile', args: { p_username: name, p_icon: 'default_fox', p_user_about: random.next() < 0.5 ? '' : 'hi' }, userId: USER };
    },
    async () => {
      // The pass page's claim buttons: tiers reached, not owned and not already claimed in the outbox.
      const gained = gainedWithPending(HOLLOWED, await gainedIn(db, USER), await db.ledger.where('user_id').equals(USER).toArray());
      const have = await owned();
      const waiting = (await db.outbox.toArray()).filter((i) => i.kind === 'claim_battlepass_tier' && i.status !== 'failed');
      const claimable = HOLLOWED.tiers.filter((t) => t.coins_required <= gained && !have.has(t.item_id) && !waiting.some((i) => i.args.p_tier === t.tier));
      return claimable.length > 0 ? { kind: 'claim_battlepass_tier', args: { p_season: 2, p_tier: random.pick(claimable).tier }, userId: USER } : null;
    },
    async () => ({
      kind: 'submit_score',
      args: { p_app_id: random.pick(APPS), p_score: random.int(0, 10_000) },
      userId: USER,
      blob: new Blob(['png'], { type: 'image/png' }),
      blobName: 'proof.png',
    }),
  ];
  const mutation = await random.pick(choices)();
  if (mutation === null) return;
  try {
    const item = await enqueue(db, mutation, { now });
    const row = await db.ledger.get(`${item.id}:0`);
    made.push({ item, predicted: row ? { amt: row.amt, why: row.why } : null });
  } catch (err) {
    if (!(err instanceof MutationRefused)) throw err;
  }
}

async function run(seed: number, tally: Tally): Promise<void> {
  const random = seededRandom(seed);
  let now = new Date(START);
  const model = new EconomyModel(() => now, SHOP, HOLLOWED, APPS, [TAKEN], {
    profile: PROFILE,
    streak: { current_streak: 3, longest_streak: 5, last_claim: new Date(START.getTime() - 1.2 * 86_400_000).toISOString() },
    balance: random.int(0, 1500),
  });
  const server = new FakeServer();
  server.decide = model.decide;
  const link = new Link(server);
  const { db: first, open } = freshDb({ cache: 'disabled' });
  let db = first;
  await seedMirror(db, model, now);

  const refresh = async () => {
    if (link.online) await model.writeInto(db);
  };
  link.onRefresh = () => model.writeInto(db);
  const batchSize = random.int(1, 4);
  const startEngine = (): SyncEngine =>
    createSyncEngine({
      db,
      transport: link,
      notify: () => undefined,
      reconcile: refresh,
      getUserId: () => USER,
      isOnline: () => link.online,
      lock: createMemoryLock(),
      batchSize,
      timer: new ManualTimer(),
      // The session's own clock, which its outbox rows are stamped with.
      now: () => now.getTime(),
    });
  let engine = startEngine();
  /** The page coming online: it drains, then reads the server back (src/state/runtime.ts). */
  const comeOnline = async () => {
    link.online = true;
    await engine.drainNow();
    await refresh();
  };

  const made: Made[] = [];
  const session = { strikes: new Set<Strike>() };
  const cycles = random.int(10, 30);
  for (let cycle = 0; cycle < cycles; cycle += 1) {
    now = new Date(now.getTime() + random.int(6, 20) * 60_000);
    const tickAllowed = !(await db.outbox.toArray()).some((i) => i.kind === 'increment_time_spent' && i.status !== 'failed');
    const actions = random.int(1, 3);
    for (let a = 0; a < actions; a += 1) {
      const ticked = made.some((m) => m.item.kind === 'increment_time_spent' && m.item.createdAt === now.getTime());
      await act(db, random, now, made, tickAllowed && !ticked);
    }

    link.strike = random.pick(STRIKES);
    link.strikeAt = random.int(1, 3);
    link.calls = 0;
    tally.strikes[link.strike] += 1;
    session.strikes.add(link.strike);
    tally.cuts += 1;
    if (link.strike === 'crash') {
      link.online = true;
      let drained = false;
      void engine.drainNow().then(() => {
        drained = true;
      });
      await until(() => link.hung || drained);
      if (link.hung) {
        link.hung = false;
        db.close();
        db = open();
        engine = startEngine();
        link.strike = 'open';
        await comeOnline();
      }
    } else {
      await comeOnline();
    }
    link.online = false;
  }

  // Back online for good: everything left is sent and the server read back.
  link.strike = 'open';
  await comeOnline();

  const context = `seed ${seed} (replay: FAULT_SEED=${seed} FAULT_RUNS=1)`;
  expect(server.doubleApplied(), context).toEqual([]);
  const refused = made.filter((m) => model.refused.has(m.item.id));
  const accepted = made.filter((m) => !model.refused.has(m.item.id));
  // Each refusal is the server's rule on data the device could not see: a name another student has,
  // or, after a refresh that may have counted sent gains a second time, a balance or pass total short
  // of what the device showed (and an equip of what such a refused purchase would have bought).
  const overspent = made.filter((m) => m.item.kind !== 'update_profile' && model.refused.has(m.item.id));
  for (const m of refused) {
    const message = model.refused.get(m.item.id)!;
    if (m.item.kind === 'update_profile') expect(message, context).toBe(USERNAME_TAKEN);
    else {
      expect(session.strikes.has('refresh-then-cut'), `${context}: ${m.item.kind} refused (${message}) with no double count possible`).toBe(true);
      expect([NOT_ENOUGH_COINS, ITEM_NOT_OWNED].includes(message) || message.startsWith('Gain '), `${context}: ${message}`).toBe(true);
    }
  }
  for (const m of made) {
    if (m.item.kind === 'update_profile' && m.item.args.p_username === TAKEN) expect(model.refused.has(m.item.id), context).toBe(true);
  }
  // Exactly what the student did, once each, in the order they did it.
  expect(model.applied, context).toEqual(accepted.map((m) => m.item.id));
  const predicted = accepted.flatMap((m) => (m.predicted ? [m.predicted] : []));
  expect(model.ledger.slice(model.ledger.length - predicted.length).map(({ amt, why }) => ({ amt, why })), context).toEqual(predicted);
  expect(server.uploads.map((u) => u.path).sort(), context).toEqual(model.submissions.map((id) => `${id}_proof.png`).sort());

  // Nothing is left to send, and the mirror is the server's, with no pending marks.
  const left = await db.outbox.toArray();
  expect(left.map((i) => i.status).filter((s) => s !== 'failed'), context).toEqual([]);
  expect(left.map((i) => i.id).sort(), context).toEqual(refused.map((m) => m.item.id).sort());
  const mirror = await mirrorOf(db);
  expect(mirror.coins, context).toEqual({
    user_id: USER,
    balance: model.balance(),
    coinsGainedThisBattlePass: model.gained(HOLLOWED.starts_at),
    pending: [],
  });
  expect(mirror.streak, context).toEqual({ user_id: USER, ...model.streak });
  expect(mirror.profile, context).toEqual(model.profile);
  expect(
    mirror.items.map((row) => [row.item, row.type, row.equipped, row.pendingOpId]),
    context,
  ).toEqual([...model.items].sort(([a], [b]) => a.localeCompare(b)).map(([item, row]) => [item, row.type, row.equipped, undefined]));
  expect(mirror.ledger.map((row) => [row.key, row.amt, row.why, row.status]).sort(), context).toEqual(
    model.ledger.slice(-100).map((row) => [`srv:${row.id}`, row.amt, row.why, 'confirmed']).sort(),
  );
  expect(await gainedIn(db, USER), context).toEqual({ 2: model.gained(HOLLOWED.starts_at, HOLLOWED.ends_at) });

  tally.made += made.length;
  tally.refusedOnServer += refused.length;
  tally.overspent += overspent.length;
  db.close();
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

describe('the drain under seeded connectivity faults', () => {
  it(`applies exactly what the student did, once, in order, over ${RUNS} seeded sessions of cuts (seeds from ${SEED})`, async () => {
    const tally: Tally = { strikes: { 'before-server': 0, 'answer-lost': 0, 'refresh-in-flight': 0, 'refresh-then-cut': 0, crash: 0, open: 0 }, cuts: 0, made: 0, refusedOnServer: 0, overspent: 0 };
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < RUNS; i += 1) await run(SEED + i, tally);
    console.log(
      `drain faults, seeds ${SEED}..${SEED + RUNS - 1}: ${RUNS} sessions, ${tally.cuts} cuts, ${tally.made} mutations, ${tally.refusedOnServer} refused by the server ` +
        `(${tally.overspent} of them spending the device allowed on a double count); ` +
        `strikes ${JSON.stringify(tally.strikes)}; ${((performance.now() - started) / tally.cuts).toFixed(1)} ms a cut ` +
        `(${(cpuMs(process.cpuUsage(cpu)) / tally.cuts).toFixed(1)} ms of CPU)`,
    );
    // The runs went through every kind of trouble.
    for (const strike of STRIKES) expect(tally.strikes[strike], strike).toBeGreaterThan(0);
  }, 600_000);
});
