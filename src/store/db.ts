import Dexie, { liveQuery, type EntityTable, type Observable, type Table } from 'dexie';
import type { Functions, Tables, Views } from '../backend/database.types.ts';
import type { FunctionMutationArgs } from '../backend/functions.types.ts';

/**
 * The local mirror of everything the UI shows. Rows keep the server's snake_case column
 * names so a server row can be written as is; fields that exist only on the device
 * (pending markers, outbox bookkeeping) are camelCase.
 */

export const DB_NAME = 'portal';

/**
 * Catalogue entry: a row of apps; the bundled backup list has every column but created_at. The mirror
 * holds only entries in the list, so retired_at (null in every row the server lists) is not one of them.
 */
export type AppRow = Omit<Tables<'apps'>, 'created_at' | 'retired_at'> & { created_at?: string };

/** An entry an operator retired: out of the list, but its page says so instead of "not found". */
export type RetiredAppRow = Pick<Tables<'apps'>, 'id' | 'title'> & { retired_at: string };

/** The signed-in user's my_users row. */
export type ProfileRow = Tables<'my_users'>;

/** What other users may see of a profile (leaderboards, recent plays): the public_profiles view. */
export type PublicProfileRow = Views<'public_profiles'> & { user_id: string };

/** An items_unlocked row; the server's surrogate id is not kept, the key is [user_id+item]. */
export type ItemRow = Omit<Tables<'items_unlocked'>, 'id'> & {
  /** Outbox id of the unconfirmed mutation that created or changed this row. */
  pendingOpId?: string;
};

export type ShopItemRow = Tables<'shop_items'>;

export interface CoinsRow {
  user_id: string;
  balance: number;
  coinsGainedThisBattlePass: number;
  /** Outbox ids whose optimistic amounts are included in balance but not yet confirmed. */
  pending: string[];
}

export type LedgerStatus = 'pending' | 'confirmed' | 'rolled_back';

/** A coins_transactions row, or an optimistic one made on this device. */
export type LedgerRow = Pick<Tables<'coins_transactions'>, 'user_id' | 'amt' | 'why' | 'created_at'> & {
  /** 'srv:<server id>' for mirrored rows, '<outbox id>:<n>' for optimistic ones. */
  key: string;
  status: LedgerStatus;
  opId?: string;
};

export type StreakRow = Tables<'streak'> & { pendingOpId?: string };

export interface LeaderboardRow {
  key: string;
  rows: unknown[];
  fetchedAt: number;
}

export interface CacheRow {
  key: string;
  version: number;
  storedAt: number;
  data: unknown;
}

/**
 * The kinds sent in a batch to apply_mutations: the server's app_private.mutation_kinds lists exactly
 * these (a db test checks).
 */
export const RPC_MUTATION_KINDS = [
  'claim_streak',
  'record_app_played',
  'increment_time_spent',
  'buy_item',
  'set_item_equipped',
  'claim_battlepass_tier',
  'submit_score',
  'update_profile',
  'send_chat_message',
  'put_game_save',
  'unlock_achievement',
  'report_stat',
  'note_offline_game_run',
] as const;

/**
 * The kinds sent each to an edge function of its own (src/sync/functionOps.ts), because the server
 * judges them with code that runs outside the database (a game's rules); apply_mutations refuses them.
 */
export const FUNCTION_MUTATION_KINDS = ['make_match_move'] as const;

/** What the outbox may queue. */
export const MUTATION_KINDS = [...RPC_MUTATION_KINDS, ...FUNCTION_MUTATION_KINDS] as const;

export type RpcMutationKind = (typeof RPC_MUTATION_KINDS)[number];
export type FunctionMutationKind = (typeof FUNCTION_MUTATION_KINDS)[number];
export type MutationKind = (typeof MUTATION_KINDS)[number];

/**
 * The named arguments of each mutation: an RPC kind's are its RPC's without p_client_id (the outbox id
 * travels beside them), taken from the generated database types, so a renamed RPC argument breaks the
 * build here; a function kind's are typed with the function's contract (src/backend/functions.types.ts).
 */
export type MutationArgs = { [K in RpcMutationKind]: Omit<Functions<K>['Args'], 'p_client_id'> } & {
  [K in FunctionMutationKind]: FunctionMutationArgs[K];
};

export type OutboxStatus = 'queued' | 'sending' | 'failed';

/**
 * What a kind's optimistic effect changed, in that kind's own terms (each module in src/sync/kinds
 * declares its shape), so exactly that can be taken back. Null while the effect is not on the mirror:
 * the device lacked what it needed to show it, or a refresh found it would now be refused (the item
 * stays queued either way, and the server decides).
 */
export type UndoRecord = object;

export interface OutboxItem {
  id: string;
  /** Assigned by IndexedDB's key generator: strictly increasing on this device, never reused. */
  seq: number;
  kind: MutationKind;
  args: Record<string, unknown>;
  userId: string;
  createdAt: number;
  attempts: number;
  status: OutboxStatus;
  lastError: { code?: string; message: string } | null;
  blob?: Blob;
  blobName?: string;
  undo: UndoRecord | null;
  /**
   * Set when a refresh laid this item's effect over server data after it had been sent: the server may
   * already have counted it, so once it is confirmed the mirror is read back from the server.
   */
  rebasedAfterSend?: true;
}

export interface FavouriteRow {
  user_id: string;
  app_id: string;
  created_at: string;
}

/**
 * A chat message as the student `viewer` last read it (get_chat_messages answers per reader: a hidden
 * message reaches only its author, client_id only the sender), kept so the chat opens offline.
 */
export interface ChatMessageRow {
  viewer: string;
  id: number;
  user_id: string;
  username: string | null;
  icon: string | null;
  body: string;
  created_at: string;
  client_id: string | null;
}

/**
 * A game's save slot for one student on this device: [owner+gameId], owner being the user id or
 * 'anonymous' (src/data/gameSaves.ts). Cloud sync adds to it without a schema change: the server's
 * version this copy was based on (baseVersion, null until it first syncs), the other device's copy
 * when both changed it, and the move of 'anonymous' rows to an account at sign-in (by the owner index).
 */
export interface GameSaveRow {
  owner: string;
  gameId: string;
  /** The game's state as JSON text (the SDK's save); 'null' when the game cleared it. */
  state: string;
  /** UTF-8 bytes of state. */
  bytes: number;
  /** Epoch milliseconds of the last save on this device. */
  updatedAt: number;
  /** The device that wrote this copy, so a conflict can say "saved on another device at ...". */
  deviceId: string;
  /** The server version this copy descends from; null: never synced. */
  baseVersion: number | null;
  /** Changed on this device since baseVersion (absent on rows written before cloud saves: read as changed). */
  dirty?: boolean;
  /** A second copy kept beside this one until the student chooses (src/domain/saveMerge.ts). */
  theirs?: OtherSaveCopy | null;
}

/** The copy a student chooses against this device's: another device's, or this device's from before sign-in. */
export interface OtherSaveCopy {
  state: string;
  /** The server version it is; for a copy the server does not hold, the version this device's copy descends from. */
  version: number | null;
  /** Where it was saved, as the student reads it ("Chrome on ChromeOS"). */
  deviceLabel: string;
  /** Epoch milliseconds, by the clock of the device that saved it. */
  savedAt: number;
  /** The server holds it; false for this device's copy from before the student signed in. */
  fromServer: boolean;
}

export class PortalDB extends Dexie {
  apps!: EntityTable<AppRow, 'id'>;
  profile!: EntityTable<ProfileRow, 'user_id'>;
  publicProfiles!: EntityTable<PublicProfileRow, 'user_id'>;
  items!: Table<ItemRow, [string, string]>;
  shopItems!: EntityTable<ShopItemRow, 'id'>;
  coins!: EntityTable<CoinsRow, 'user_id'>;
  ledger!: EntityTable<LedgerRow, 'key'>;
  streak!: EntityTable<StreakRow, 'user_id'>;
  leaderboards!: EntityTable<LeaderboardRow, 'key'>;
  cache!: EntityTable<CacheRow, 'key'>;
  outbox!: EntityTable<OutboxItem, 'seq'>;
  favourites!: Table<FavouriteRow, [string, string]>;
  chatMessages!: Table<ChatMessageRow, [string, number]>;
  gameSaves!: Table<GameSaveRow, [string, string]>;
  retiredApps!: EntityTable<RetiredAppRow, 'id'>;

  constructor(name: string = DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    // A schema change is a new version() call below this one, never an edit of it:
    // devices in the field upgrade from whatever version they hold.
    this.version(1).stores({
      apps: 'id, title, category',
      profile: 'user_id',
      publicProfiles: 'user_id',
      items: '[user_id+item], user_id, pendingOpId',
      shopItems: 'id, type, listed',
      coins: 'user_id',
      ledger: 'key, user_id, opId, status',
      streak: 'user_id',
      leaderboards: 'key',
      cache: 'key',
      outbox: '++seq, &id, userId, status, [userId+status]',
      favourites: '[user_id+app_id], user_id',
    });
    this.version(2).stores({
      chatMessages: '[viewer+id], viewer',
    });
    this.version(3).stores({
      gameSaves: '[owner+gameId], owner',
    });
    this.version(4).stores({
      retiredApps: 'id',
    });
  }

  /**
   * Dexie's live query, reached through the mirror: the hooks of src/state watch their reads through the
   * data runtime, so a page's chunk never imports Dexie itself and its first paint does not wait for it.
   */
  live<T>(query: () => T | Promise<T>): Observable<T> {
    return liveQuery(query);
  }
}

export function openPortalDB(name: string = DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]): PortalDB {
  return new PortalDB(name, options);
}
