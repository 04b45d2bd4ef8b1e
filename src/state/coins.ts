import { useLiveRead } from './liveRead.ts';
import type { LedgerRow } from '../store/db.ts';
import { readCoins } from '../data/reads/coins.ts';
import { readLedger } from '../data/reads/ledger.ts';
import { readShopItems } from '../data/reads/shopItems.ts';
import { useAccount } from './account.ts';

export type { LedgerRow, LedgerStatus } from '../store/db.ts';

export interface CoinHistoryView {
  /** Newest first, at most `limit`; undefined until the device's copy has been read, or while signed out. */
  rows: LedgerRow[] | undefined;
  /** An item's name by id, for the reasons that name a purchase. */
  itemName: (id: string) => string | undefined;
}

/** The student's Dabloon transactions from the device's mirror: what the server confirmed and what is on its way. */
export function useCoinHistory(limit: number): CoinHistoryView {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const rows = useLiveRead(
    async () => (data === null || userId === null ? undefined : (await readLedger(data, userId)).slice(0, limit)),
    [data, userId, limit],
  );
  const names = useLiveRead(async () => (data === null ? undefined : new Map((await readShopItems(data)).map((item) => [item.id, item.name]))), [data]);
  return { rows, itemName: (id) => names?.get(id) };
}

export interface CoinBalanceView {
  /** The balance as this device knows it, queued changes included. */
  balance: number;
  /** Some of it waits for the server to confirm. */
  pending: boolean;
}

/**
 * The signed-in student's balance from the device's mirror; undefined until it has been read, while signed
 * out, and for a student this device has never read a balance for.
 */
export function useCoinBalance(): CoinBalanceView | undefined {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const coins = useLiveRead(async () => (data === null || userId === null ? undefined : readCoins(data, userId)), [data, userId]);
  return coins === undefined ? undefined : { balance: coins.balance, pending: coins.pending.length > 0 };
}
