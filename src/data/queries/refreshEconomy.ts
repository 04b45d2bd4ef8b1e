import { HOLLOWED_PASS, seasonStatus } from '../../domain/battlepass.ts';
import { putServerCoins, putServerItems, putServerLedger, putServerStreak } from '../mirror.ts';
import { readMirroredSeasons } from '../seasons.ts';
import { partsOf, type DataSource } from '../source.ts';
import { refreshGained } from './refreshGained.ts';

/** How much of the ledger the device keeps: the newest rows, enough for a history page. */
export const LEDGER_ROWS = 100;

/** A failed read, with the server's code kept for whoever logs or classifies it. */
export class ReconcileError extends Error {
  override readonly name = 'ReconcileError';
  constructor(
    readonly what: string,
    readonly code: string | undefined,
    message: string,
  ) {
    super(`${what}: ${message}`);
  }
}

interface Answer<T> {
  data: T | null;
  error: { message: string; code?: string } | null;
}

function take<T>(what: string, answer: Answer<T>): T {
  if (answer.error) throw new ReconcileError(what, answer.error.code || undefined, answer.error.message);
  if (answer.data === null) throw new ReconcileError(what, undefined, 'no data');
  return answer.data;
}

/**
 * Re-reads the student's coins, battle-pass total, streak, unlocked items and ledger into Dexie through
 * the mirror writers (which keep still-queued changes on top). Each part is written as soon as it is
 * read, so one failing read does not hold back the others; the first failure is rethrown at the end.
 */
export async function refreshEconomy(source: DataSource, userId: string, now: Date = new Date()): Promise<void> {
  const { supabase, db } = partsOf(source);
  // Outside the running season nothing counts towards the pass.
  const seasonRunning = seasonStatus(HOLLOWED_PASS, now) === 'running';
  const parts: Promise<void>[] = [
    // The pass page shows the server's count of this season's gains plus what is still queued. Read only
    // while the page was open, it missed what the student earned on another device since; the running
    // seasons' counts are read again with everything else (an ended season's count no longer changes).
    (async () => {
      const seasons = await readMirroredSeasons(source);
      const running = seasons?.filter((season) => seasonStatus(season, now) === 'running') ?? [];
      if (running.length > 0) await refreshGained(source, userId, running, now);
    })(),
    (async () => {
      const [coins, gained] = await Promise.all([
        supabase.rpc('get_coin_amt', { p_user_id: userId }),
        seasonRunning
          ? supabase.rpc('get_coins_gained', { p_user_id: userId, start_date: HOLLOWED_PASS.starts_at })
          : Promise.resolve({ data: 0, error: null }),
      ]);
      await putServerCoins(db, userId, {
        coins: Number(take('get_coin_amt', coins)),
        coinsGainedThisBattlePass: Number(take('get_coins_gained', gained)),
      });
    })(),
    (async () => {
      const answer = await supabase
        .from('streak')
        .select('current_streak, longest_streak, last_claim')
        .eq('user_id', userId)
        .maybeSingle();
      if (answer.error) throw new ReconcileError('streak', answer.error.code || undefined, answer.error.message);
      await putServerStreak(db, userId, answer.data);
    })(),
    (async () => {
      const rows = take(
        'items_unlocked',
        await supabase.from('items_unlocked').select('user_id, item, type, created_at, equipped').eq('user_id', userId),
      );
      await putServerItems(db, userId, rows);
    })(),
    (async () => {
      const rows = take(
        'coins_transactions',
        await supabase
          .from('coins_transactions')
          .select('id, amt, why, created_at')
          .eq('user_id', userId)
          .order('created_at', { ascending: false })
          .limit(LEDGER_ROWS),
      );
      await putServerLedger(db, userId, rows);
    })(),
  ];
  const results = await Promise.allSettled(parts);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
