// A model of the server's economy RPCs for the seeded fault runs: the rules of claim_streak,
// record_app_played, increment_time_spent, buy_item, set_item_equipped, claim_battlepass_tier,
// submit_score and update_profile as the migrations write them, over one student's rows in memory.
// Each operation checks everything before it changes anything, as a refused RPC rolls back whole.
import type { ProfileRow, ShopItemRow } from '../../../src/store/db.ts';
import { putServerCoins, putServerItems, putServerLedger, putServerProfile, putServerStreak } from '../../../src/data/mirror.ts';
import { gainedCacheKey, SEASONS_CACHE_VERSION } from '../../../src/store/seasonRows.ts';
import type { Season } from '../../../src/domain/battlepass.ts';
import { parseInstant } from '../../../src/domain/instant.ts';
import {
  ITEM_ALREADY_OWNED,
  ITEM_NOT_EQUIPPABLE,
  ITEM_NOT_FOUND,
  ITEM_NOT_OWNED,
  NOT_ENOUGH_COINS,
  PASS_NOT_STARTED,
  STREAK_CLAIM_TOO_SOON,
  tierNotReached,
} from '../../../src/domain/messages.ts';
import type { StreakState } from '../../../src/domain/streak.ts';
import type { MutationOp, OpResult } from '../../../src/sync/transport.ts';
import type { PortalDB } from '../../../src/store/db.ts';
import { USER } from './fakes.ts';

const DAY = 24 * 60 * 60 * 1000;
export const USERNAME_TAKEN = 'That username is already taken. Please choose another one.';
export const TICK_TOO_SOON = 'Time spent was already counted less than 5 minutes ago.';

class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface LedgerEntry {
  id: number;
  amt: number;
  why: string;
  created_at: string;
}

export class EconomyModel {
  readonly ledger: LedgerEntry[] = [];
  streak: StreakState | null;
  readonly items = new Map<string, { type: string; equipped: boolean; created_at: string }>();
  profile: ProfileRow;
  lastTickAt: number | null = null;
  readonly submissions: number[] = [];
  /** Operation ids in the order the server applied them. */
  readonly applied: string[] = [];
  readonly refused = new Map<string, string>();
  private readonly appsPlayed = new Set<string>();

  constructor(
    private readonly now: () => Date,
    private readonly shop: readonly ShopItemRow[],
    private readonly season: Season,
    private readonly apps: readonly string[],
    private readonly takenNames: readonly string[],
    init: { profile: ProfileRow; streak: StreakState | null; balance: number },
  ) {
    this.profile = { ...init.profile };
    this.streak = init.streak ? { ...init.streak } : null;
    if (init.balance !== 0) this.ledger.push({ id: 1, amt: init.balance, why: 'welcome', created_at: new Date(now().getTime() - 5 * DAY).toISOString() });
  }

  balance(): number {
    return this.ledger.reduce((sum, row) => sum + row.amt, 0);
  }

  /** Positive gains from `from` onwards (and before `to`), as get_coins_gained counts them. */
  gained(from: string, to?: string): number {
    const start = parseInstant(from);
    const end = to === undefined ? Infinity : parseInstant(to);
    return this.ledger.filter((row) => row.amt > 0 && parseInstant(row.created_at) >= start && parseInstant(row.created_at) < end).reduce((s, r) => s + r.amt, 0);
  }

  /** apply_mutations' answer for one operation (the FakeServer replays it for a repeated id). */
  readonly decide = (op: MutationOp): OpResult => {
    try {
      const result = this.apply(op);
      this.applied.push(op.id);
      return { id: op.id, ok: true, result };
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      this.refused.set(op.id, err.message);
      return { id: op.id, ok: false, code: err.code, message: err.message };
    }
  };

  private activeStreak(at: number): number {
    const last = this.streak?.last_claim ? parseInstant(this.streak.last_claim) : null;
    return this.streak && last !== null && last >= at - 2 * DAY ? this.streak.current_streak : 0;
  }

  private credit(amt: number, why: string, at: number): void {
    this.ledger.push({ id: this.ledger.length + 2, amt, why, created_at: new Date(at).toISOString() });
  }

  private reward(amt: number, why: string, at: number): void {
    if (amt > 0 && this.activeStreak(at) > 0) this.credit(amt * 2, `${why} (streak bonus x2)`, at);
    else this.credit(amt, why, at);
  }

  private unlock(item: ShopItemRow, why: string, at: number): void {
    this.items.set(item.id, { type: item.type, equipped: false, created_at: new Date(at).toISOString() });
    if (item.type === 'coin' && item.price !== null) this.credit(item.price, why, at);
  }

  private apply(op: MutationOp): unknown {
    const at = this.now().getTime();
    const args = op.args;
    const text = (name: string) => String(args[name]);
    switch (op.kind) {
      case 'claim_streak': {
        const last = this.streak?.last_claim ? parseInstant(this.streak.last_claim) : null;
        if (last !== null && at - last <= DAY) throw new Refusal('P0001', STREAK_CLAIM_TOO_SOON);
        this.reward(100, 'streak claim', at);
        const current = last !== null && at - last <= 2 * DAY ? (this.streak?.current_streak ?? 0) + 1 : 1;
        const longest = Math.max(this.streak?.longest_streak ?? 0, current);
        this.streak = { current_streak: current, longest_streak: longest, last_claim: new Date(at).toISOString() };
        this.profile = { ...this.profile, current_streak: current, longest_streak: longest };
        return this.streak;
      }
      case 'record_app_played': {
        const app = text('p_app_id');
        if (!this.apps.includes(app)) throw new Refusal('22023', `Unknown app: ${app}`);
        this.appsPlayed.add(app);
        this.profile = { ...this.profile, apps_played: this.appsPlayed.size };
        this.reward(1, 'app played', at);
        return { app_id: app };
      }
      case 'increment_time_spent': {
        if (args.user_id !== USER) throw new Refusal('42501', 'You can only add time to your own profile.');
        if (args.increment_value !== 5) throw new Refusal('22023', 'increment_value must be 5');
        if (this.lastTickAt !== null && at - this.lastTickAt < 5 * 60_000) throw new Refusal('P0001', TICK_TOO_SOON);
        this.lastTickAt = at;
        this.profile = { ...this.profile, time_spent: this.profile.time_spent + 5, last_tick_at: new Date(at).toISOString() };
        this.reward(5, 'time spent', at);
        return { time_spent: this.profile.time_spent };
      }
      case 'buy_item': {
        const item = this.shop.find((i) => i.id === args.p_item_id && i.listed && i.price !== null);
        if (!item || item.price === null) throw new Refusal('P0001', ITEM_NOT_FOUND);
        if (this.items.has(item.id)) throw new Refusal('P0001', ITEM_ALREADY_OWNED);
        if (this.balance() < item.price) throw new Refusal('P0001', NOT_ENOUGH_COINS);
        this.credit(-item.price, `bought ${item.id}`, at);
        this.unlock(item, `bought ${item.id}`, at);
        return { item: item.id };
      }
      case 'set_item_equipped': {
        const owned = this.items.get(text('p_item_id'));
        if (!owned) throw new Refusal('P0001', this.shop.some((i) => i.id === args.p_item_id) ? ITEM_NOT_OWNED : ITEM_NOT_FOUND);
        const equip = args.p_equipped === true;
        if (equip && !['cursor', 'background', 'font'].includes(owned.type)) throw new Refusal('P0001', ITEM_NOT_EQUIPPABLE);
        if (equip) for (const [id, row] of this.items) if (id !== text('p_item_id') && row.type === owned.type) this.items.set(id, { ...row, equipped: false });
        this.items.set(text('p_item_id'), { ...owned, equipped: equip });
        return { item: args.p_item_id, equipped: equip };
      }
      case 'claim_battlepass_tier': {
        const tier = this.season.season === args.p_season ? this.season.tiers.find((t) => t.tier === args.p_tier) : undefined;
        if (!tier) throw new Refusal('22023', `Season ${String(args.p_season)} has no tier ${String(args.p_tier)}`);
        if (at < parseInstant(this.season.starts_at)) throw new Refusal('P0001', PASS_NOT_STARTED);
        const gained = this.gained(this.season.starts_at, this.season.ends_at);
        if (gained < tier.coins_required) throw new Refusal('P0001', tierNotReached(tier.coins_required - gained, tier.tier));
        const item = this.shop.find((i) => i.id === tier.item_id)!;
        if (this.items.has(item.id)) throw new Refusal('P0001', ITEM_ALREADY_OWNED);
        this.unlock(item, `battle pass season ${this.season.season} tier ${tier.tier}`, at);
        return { season: this.season.season, tier: tier.tier, item: item.id };
      }
      case 'submit_score': {
        const id = 100 + this.submissions.length;
        this.submissions.push(id);
        return { id };
      }
      case 'update_profile': {
        const name = text('p_username');
        if (!/^[A-Za-z0-9_-]{3,20}$/.test(name)) throw new Refusal('P0001', 'Usernames are 3 to 20 letters, digits, _ or -.');
        if (this.takenNames.some((taken) => taken.toLowerCase() === name.toLowerCase())) throw new Refusal('P0001', USERNAME_TAKEN);
        const icon = text('p_icon');
        if (!/^default_[a-z0-9_]{1,40}$/.test(icon) && this.items.get(icon)?.type !== 'icon') throw new Refusal('P0001', 'You do not own that icon.');
        const about = text('p_user_about');
        this.profile = { ...this.profile, username: name, icon, user_about: about === '' ? null : about };
        return { username: name };
      }
      default:
        throw new Refusal('22023', `Unknown operation kind: ${op.kind}`);
    }
  }

  /** What a refresh reads back: the app's reconcile and pass page refresh, through the mirror's writers. */
  async writeInto(db: PortalDB): Promise<void> {
    await putServerCoins(db, USER, { coins: this.balance(), coinsGainedThisBattlePass: this.gained(this.season.starts_at) });
    await putServerStreak(db, USER, this.streak);
    await putServerItems(
      db,
      USER,
      [...this.items].map(([item, row]) => ({ user_id: USER, item, type: row.type, created_at: row.created_at, equipped: row.equipped })),
    );
    await putServerLedger(db, USER, [...this.ledger].reverse().slice(0, 100));
    await putServerProfile(db, this.profile);
    await db.cache.put({
      key: gainedCacheKey(USER),
      version: SEASONS_CACHE_VERSION,
      storedAt: this.now().getTime(),
      data: { [this.season.season]: this.gained(this.season.starts_at, this.season.ends_at) },
    });
  }
}
