// A student's coins, items, streak, pass, leaderboards and app list as the server keeps them, refreshed
// into the device's mirror by the src/data queries and read back by the named reads the pages render.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshApps } from '../../../src/data/queries/refreshCatalogue.ts';
import { refreshEconomy } from '../../../src/data/queries/refreshEconomy.ts';
import { refreshGained } from '../../../src/data/queries/refreshGained.ts';
import { refreshHighScores } from '../../../src/data/queries/refreshHighScores.ts';
import { refreshRecentPlays } from '../../../src/data/queries/refreshRecentPlays.ts';
import { refreshSeasons } from '../../../src/data/queries/refreshSeasons.ts';
import { refreshShopItems } from '../../../src/data/queries/refreshShopItems.ts';
import { refreshStanding } from '../../../src/data/queries/refreshStanding.ts';
import { refreshTopLists } from '../../../src/data/queries/refreshTopLists.ts';
import { discardMutation, queueMutation } from '../../../src/data/queue.ts';
import { readApps } from '../../../src/data/reads/apps.ts';
import { readCoins } from '../../../src/data/reads/coins.ts';
import { readOwnedItem, readOwnedItems } from '../../../src/data/reads/items.ts';
import { readHighScores, readStanding, readTopLists } from '../../../src/data/reads/leaderboards.ts';
import { pendingAmount, readLedger } from '../../../src/data/reads/ledger.ts';
import { readOutboxItem, readOutboxOfKind } from '../../../src/data/reads/outbox.ts';
import { readPassTrack } from '../../../src/data/reads/passTrack.ts';
import { readShopItems, readShopItemsById } from '../../../src/data/reads/shopItems.ts';
import { readStreak } from '../../../src/data/reads/streak.ts';
import { readWorn } from '../../../src/data/reads/worn.ts';
import { notePlayed, readRecentlyPlayed } from '../../../src/data/recentPlays.ts';
import { readGained, readSeasons } from '../../../src/data/seasons.ts';
import { PNG } from '../security/arena.ts';
import { applied, credit, startProductBackend, student, type ContractTarget, type Student } from './harness.ts';

let backend: ContractTarget;
let ann: Student;

beforeAll(async () => {
  backend = await startProductBackend();
  ann = await student(backend);
  await credit(backend, ann.id, 5000);
  await applied(ann, 'claim_streak', {});
  await applied(ann, 'buy_item', { p_item_id: 'sword_cursor' });
  await applied(ann, 'set_item_equipped', { p_item_id: 'sword_cursor', p_equipped: true });
  await applied(ann, 'record_app_played', { p_app_id: 'snake' });
  const submission = Number(await applied(ann, 'submit_score', { p_app_id: 'snake', p_score: 3210, p_duration_ms: 60_000 }));
  // A score counts once its proof is stored, as the sync engine's after-confirm step does.
  const upload = await ann.supabase.storage.from('submissions').upload(`${submission}_proof.png`, PNG, { contentType: 'image/png' });
  if (upload.error) throw new Error(`proof upload failed: ${upload.error.message}`);
});
afterAll(() => backend.close());

describe('the economy refresh', () => {
  it("mirrors the server's balance, ledger, items and streak", async () => {
    const { data } = ann;
    expect(await readCoins(data, ann.id)).toBeUndefined();
    await refreshEconomy(data, ann.id);
    const balance = (await readCoins(data, ann.id))?.balance;
    const server = (await ann.supabase.rpc('get_coin_amt', { p_user_id: ann.id })).data;
    expect(balance).toBe(Number(server));
    expect((await readCoins(data, ann.id))?.pending).toEqual([]);

    const ledger = await readLedger(data, ann.id);
    expect(ledger.map((row) => row.why)).toContain('bought sword_cursor');
    const times = ledger.map((row) => row.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(ledger.every((row) => row.status === 'confirmed')).toBe(true);

    expect(await readOwnedItem(data, ann.id, 'sword_cursor')).toMatchObject({ type: 'cursor', equipped: true });
    expect((await readOwnedItems(data, ann.id)).map((row) => row.item)).toEqual(['sword_cursor']);
    expect(await readStreak(data, ann.id)).toMatchObject({ current_streak: 1, longest_streak: 1 });
  });

  it('shows a queued purchase at once, pending, and a discard takes it back', async () => {
    const { data } = ann;
    await refreshShopItems(data);
    await refreshEconomy(data, ann.id);
    const before = (await readCoins(data, ann.id))!.balance;
    const item = await queueMutation(data, { kind: 'buy_item', args: { p_item_id: 'cat_background' }, userId: ann.id });
    expect(await pendingAmount(data, item.id)).toBe(-800);
    expect(await readCoins(data, ann.id)).toMatchObject({ balance: before - 800, pending: [item.id] });
    expect(await readOwnedItem(data, ann.id, 'cat_background')).toMatchObject({ pendingOpId: item.id });
    expect((await readOutboxOfKind(data, ann.id, 'buy_item')).map((row) => row.id)).toEqual([item.id]);
    expect((await readOutboxItem(data, item.id))?.status).toBe('queued');

    await discardMutation(data, item.id);
    expect(await readOutboxItem(data, item.id)).toBeNull();
    expect(await readCoins(data, ann.id)).toMatchObject({ balance: before, pending: [] });
    expect(await readOwnedItem(data, ann.id, 'cat_background')).toBeUndefined();
  });
});

describe('the shop catalogue and what the student wears', () => {
  it("mirrors every item, listed or not, and gives the equipped items' assets", async () => {
    const { data } = ann;
    await refreshShopItems(data);
    const items = await readShopItems(data);
    expect(items.find((i) => i.id === 'sword_cursor')).toMatchObject({ listed: true, price: 800, type: 'cursor' });
    expect(items.some((i) => !i.listed)).toBe(true);
    expect([...(await readShopItemsById(data, ['sword_cursor', 'no_such_item'])).keys()]).toEqual(['sword_cursor']);

    await refreshEconomy(data, ann.id);
    const worn = await readWorn(data, ann.id, 'desktop_goose');
    expect(worn.items.map((i) => [i.item, i.equipped])).toEqual([['sword_cursor', true]]);
    expect([...worn.shop.keys()]).toEqual(['sword_cursor']);
    expect(await readWorn(data, null, 'desktop_goose')).toEqual({ items: [], shop: new Map() });
  });
});

describe('the Hollowed Pass', () => {
  it("mirrors the seasons and the server's count of this season's gains, with queued claims pending", async () => {
    const { data } = ann;
    const seasons = await refreshSeasons(data);
    expect(await readSeasons(data)).toEqual(seasons);
    const demo = seasons.find((s) => s.season === 3)!;
    expect(demo.tiers.map((t) => t.item_id)).toEqual(['s3_star_icon', 's3_dabloons_100', 's3_comet_cursor', 's3_aurora_background', 's3_tester_badge']);

    const gained = await refreshGained(data, ann.id, seasons);
    expect(await readGained(data, ann.id)).toEqual(gained);
    expect(gained[3]).toBeGreaterThanOrEqual(5000);
    expect(gained[1]).toBe(0);

    await refreshShopItems(data);
    await refreshEconomy(data, ann.id);
    await queueMutation(data, { kind: 'claim_battlepass_tier', args: { p_season: 3, p_tier: 1 }, userId: ann.id });
    const track = await readPassTrack(data, ann.id, demo);
    expect(track.gained).toBe(gained[3]);
    expect([...track.pending]).toEqual([1]);
    expect(track.owned.has('sword_cursor')).toBe(true);
    expect(track.items.get('s3_star_icon')?.type).toBe('icon');
    const visitor = await readPassTrack(data, null, demo);
    expect({ gained: visitor.gained, owned: visitor.owned.size, pending: visitor.pending.size, items: visitor.items.size }).toEqual({
      gained: 0,
      owned: 0,
      pending: 0,
      items: 5,
    });
  });
});

describe('the pass, offline after a gain', () => {
  it('counts gains confirmed since the pass page was last open, as the reconcile after a drain reads them', async () => {
    const cy = await student(backend);
    const seasons = await refreshSeasons(cy.data);
    const running = seasons.find((s) => s.season === 3)!;
    await refreshGained(cy.data, cy.id, seasons);
    expect((await readPassTrack(cy.data, cy.id, running)).gained).toBe(0);
    // Confirmed by the server while the pass page was closed; then the device goes offline.
    await applied(cy, 'claim_streak', {});
    await applied(cy, 'record_app_played', { p_app_id: 'chess' });
    await refreshEconomy(cy.data, cy.id);
    expect((await readPassTrack(cy.data, cy.id, running)).gained).toBe(100 + 2);
  });
});

describe('the leaderboards', () => {
  it('mirror the top lists, the student’s standing and a game’s high scores, each with when it was read', async () => {
    const { data } = ann;
    const before = Date.now();
    expect(await refreshTopLists(data, { force: true })).toBe(true);
    const lists = await readTopLists(data);
    expect(lists.topStreaks?.rows.map((row) => row.user_id)).toContain(ann.id);
    expect(lists.topStreaks?.fetchedAt).toBeGreaterThanOrEqual(before);
    expect(lists.topAppsPlayed?.rows.find((row) => row.user_id === ann.id)?.value).toBe(1);

    expect(await readStanding(data, ann.id)).toBeUndefined();
    await refreshStanding(data, ann.id);
    expect(await readStanding(data, ann.id)).toMatchObject({ user_id: ann.id, current_streak: 1, apps_played: 1 });

    expect(await readHighScores(data, 'snake')).toBeNull();
    await refreshHighScores(data, 'snake');
    const scores = await readHighScores(data, 'snake');
    expect(scores?.rows.map((row) => [row.user_id, Number(row.score)])).toEqual([[ann.id, 3210]]);
  });
});

describe('recent plays and the app list', () => {
  it("merge the server's plays with the ones this device has not sent, newest first", async () => {
    const { data } = ann;
    await refreshRecentPlays(data, ann.id);
    expect(await readRecentlyPlayed(data, ann.id)).toEqual(['snake']);
    await notePlayed(data, ann.id, '2048', new Date(Date.now() + 60_000));
    await refreshRecentPlays(data, ann.id);
    expect(await readRecentlyPlayed(data, ann.id)).toEqual(['2048', 'snake']);
    await notePlayed(data, null, 'memory');
    expect(await readRecentlyPlayed(data, null)).toEqual(['memory']);
  });

  it('mirrors the server list ordered by title', async () => {
    const { data } = ann;
    expect(await refreshApps(data)).toEqual({ source: 'server', serverFailed: false });
    const apps = await readApps(data);
    expect(apps.map((app) => app.id)).toContain('snake');
    expect(apps.map((app) => app.id)).toContain('tic-tac-toe');
    const titles = apps.map((app) => app.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(apps.every((app) => typeof app.created_at === 'string')).toBe(true);
  });
});
