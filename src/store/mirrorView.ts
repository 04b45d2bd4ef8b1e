import type { CoinsRow, ItemRow, LedgerRow, ProfileRow, ShopItemRow, StreakRow } from './db.ts';
import type { GainedBySeason } from '../domain/seasonGains.ts';
import { gainedIn, seasonsIn } from './seasonRows.ts';
import type { Season } from '../domain/battlepass.ts';
import type { SyncTables } from './syncTables.ts';

/**
 * One student's part of the mirror as the mutation kinds' effects see it. Rows are read from Dexie
 * the first time an effect asks, kept in memory, and written back once by flush(), only where they
 * differ from what was read. A rebase runs every queued effect backwards and forwards over one view,
 * so it costs one read and one write per table whatever the length of the queue; an enqueue reads only
 * the rows its kind asks for. Effects never mutate a row in place: they put a new object.
 */

/** Plain data (rows: primitives, arrays, plain objects) compared by value. */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
  return keys.every((key) => sameData(left[key], right[key]));
}

/** A row keyed by the student alone (coins, streak, profile). */
class Slot<T> {
  private read = false;
  /** Unknown (never read) when a value was set first: flush then writes it whatever the database holds. */
  private original: { row: T | undefined } | null = null;
  private row: T | undefined;

  constructor(private readonly load: () => Promise<T | undefined>) {}

  async get(): Promise<T | undefined> {
    if (!this.read) {
      this.row = await this.load();
      this.original = { row: this.row };
      this.read = true;
    }
    return this.row;
  }

  set(row: T | undefined): void {
    this.read = true;
    this.row = row;
  }

  /** What to write: undefined when nothing changed, { row: undefined } to delete. */
  change(): { row: T | undefined } | undefined {
    if (!this.read) return undefined;
    if (this.original !== null && sameData(this.original.row, this.row)) return undefined;
    return { row: this.row };
  }
}

/** Many rows of the student (items, ledger), by key. */
class Rows<T> {
  /** Every key touched or read; undefined is a row that is not there (or was deleted). */
  private readonly rows = new Map<string, T | undefined>();
  /** What the database held, for the keys that were read. */
  private readonly originals = new Map<string, T | undefined>();
  private allRead = false;

  constructor(
    private readonly loadAll: () => Promise<T[]>,
    private readonly loadOne: (key: string) => Promise<T | undefined>,
    private readonly keyOf: (row: T) => string,
  ) {}

  async get(key: string): Promise<T | undefined> {
    if (this.rows.has(key)) return this.rows.get(key);
    if (this.allRead) return undefined;
    const row = await this.loadOne(key);
    this.originals.set(key, row);
    this.rows.set(key, row);
    return row;
  }

  async all(): Promise<T[]> {
    if (!this.allRead) {
      for (const row of await this.loadAll()) {
        const key = this.keyOf(row);
        if (!this.originals.has(key)) this.originals.set(key, row);
        if (!this.rows.has(key)) this.rows.set(key, row);
      }
      for (const key of this.rows.keys()) if (!this.originals.has(key)) this.originals.set(key, undefined);
      this.allRead = true;
    }
    return [...this.rows.values()].filter((row): row is T => row !== undefined);
  }

  put(row: T): void {
    this.rows.set(this.keyOf(row), row);
  }

  delete(key: string): void {
    this.rows.set(key, undefined);
  }

  changes(): { put: T[]; deleted: string[] } {
    const put: T[] = [];
    const deleted: string[] = [];
    for (const [key, row] of this.rows) {
      if (this.originals.has(key) && sameData(this.originals.get(key), row)) continue;
      if (row === undefined) deleted.push(key);
      else put.push(row);
    }
    return { put, deleted };
  }
}

export class MirrorView {
  readonly userId: string;
  private readonly db: SyncTables;
  private readonly waiting: ReadonlySet<string>;
  private readonly coinsRow: Slot<CoinsRow>;
  private readonly streakRow: Slot<StreakRow>;
  private readonly profileRow: Slot<ProfileRow>;
  private readonly itemRows: Rows<ItemRow>;
  private readonly ledgerRows: Rows<LedgerRow>;
  private readonly shop = new Map<string, ShopItemRow | undefined>();
  private seasonList: Season[] | null = null;
  private gainedCount: GainedBySeason | null = null;

  /**
   * `db`: the tables of the transaction the view is read and flushed in (see inSyncTransaction);
   * `waiting`: the ids of the student's outbox items still waiting for the server (see isWaiting).
   */
  constructor(db: SyncTables, userId: string, waiting: Iterable<string> = []) {
    this.db = db;
    this.userId = userId;
    this.waiting = new Set(waiting);
    this.coinsRow = new Slot(() => db.coins.get(userId));
    this.streakRow = new Slot(() => db.streak.get(userId));
    this.profileRow = new Slot(() => db.profile.get(userId));
    this.itemRows = new Rows(
      () => db.items.where('user_id').equals(userId).toArray(),
      (item) => db.items.get([userId, item]),
      (row) => row.item,
    );
    this.ledgerRows = new Rows(
      () => db.ledger.where('user_id').equals(userId).toArray(),
      (key) => db.ledger.get(key),
      (row) => row.key,
    );
  }

  /** Whether an outbox item still waits: a pending mark naming anything else is stale. */
  isWaiting(opId: string): boolean {
    return this.waiting.has(opId);
  }

  coins(): Promise<CoinsRow | undefined> {
    return this.coinsRow.get();
  }

  setCoins(row: CoinsRow | undefined): void {
    this.coinsRow.set(row);
  }

  streak(): Promise<StreakRow | undefined> {
    return this.streakRow.get();
  }

  setStreak(row: StreakRow | undefined): void {
    this.streakRow.set(row);
  }

  profile(): Promise<ProfileRow | undefined> {
    return this.profileRow.get();
  }

  setProfile(row: ProfileRow | undefined): void {
    this.profileRow.set(row);
  }

  item(itemId: string): Promise<ItemRow | undefined> {
    return this.itemRows.get(itemId);
  }

  /** Every item the student holds on this device. */
  items(): Promise<ItemRow[]> {
    return this.itemRows.all();
  }

  putItem(row: ItemRow): void {
    this.itemRows.put(row);
  }

  deleteItem(itemId: string): void {
    this.itemRows.delete(itemId);
  }

  /** Every ledger row of the student on this device, confirmed, pending and rolled back. */
  ledger(): Promise<LedgerRow[]> {
    return this.ledgerRows.all();
  }

  putLedger(row: LedgerRow): void {
    this.ledgerRows.put(row);
  }

  deleteLedger(key: string): void {
    this.ledgerRows.delete(key);
  }

  /** The shop's item as last mirrored (listed or not); read-only for effects. */
  async shopItem(id: string): Promise<ShopItemRow | undefined> {
    if (!this.shop.has(id)) this.shop.set(id, await this.db.shopItems.get(id));
    return this.shop.get(id);
  }

  async seasons(): Promise<Season[]> {
    this.seasonList ??= await seasonsIn(this.db);
    return this.seasonList;
  }

  /** The server's count of this student's gains per season, as last mirrored. */
  async gained(): Promise<GainedBySeason> {
    this.gainedCount ??= await gainedIn(this.db, this.userId);
    return this.gainedCount;
  }

  /** Writes what changed; call inside the transaction the view was read in. */
  async flush(): Promise<void> {
    const { db, userId } = this;
    const coins = this.coinsRow.change();
    if (coins) await (coins.row ? db.coins.put(coins.row) : db.coins.delete(userId));
    const streak = this.streakRow.change();
    if (streak) await (streak.row ? db.streak.put(streak.row) : db.streak.delete(userId));
    const profile = this.profileRow.change();
    if (profile) await (profile.row ? db.profile.put(profile.row) : db.profile.delete(userId));
    const items = this.itemRows.changes();
    if (items.deleted.length > 0) await db.items.bulkDelete(items.deleted.map((item): [string, string] => [userId, item]));
    if (items.put.length > 0) await db.items.bulkPut(items.put);
    const ledger = this.ledgerRows.changes();
    if (ledger.deleted.length > 0) await db.ledger.bulkDelete(ledger.deleted);
    if (ledger.put.length > 0) await db.ledger.bulkPut(ledger.put);
  }
}
