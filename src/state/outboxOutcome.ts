import type { OutboxItem } from '../store/db.ts';
import { liveRead } from '../data/live.ts';
import { readOutboxItem } from '../data/reads/outbox.ts';
import type { DataSource } from '../data/source.ts';

/** Where a queued item ended: the server took it (it left the outbox), or turned it down (kept, failed). */
export type Settled = { confirmed: true } | { confirmed: false; item: OutboxItem };

export interface SettleWatch {
  settled: Promise<Settled>;
  /** Stops watching; `settled` then never resolves (the page that asked has gone). */
  stop: () => void;
}

/**
 * Watches one queued item until the sync engine has settled it: confirmed items leave the outbox, refused
 * ones stay with status 'failed' and the server's reason. It may wait for as long as the device is offline.
 */
export function watchSettled(data: DataSource, id: string): SettleWatch {
  let subscription: { unsubscribe: () => void } | null = null;
  let done = false;
  const finish = () => {
    done = true;
    subscription?.unsubscribe();
  };
  const settled = new Promise<Settled>((resolve) => {
    subscription = liveRead(data, () => readOutboxItem(data, id)).subscribe({
      next: (item) => {
        if (item !== null && item.status !== 'failed') return;
        finish();
        resolve(item === null ? { confirmed: true } : { confirmed: false, item });
      },
    });
    // An answer given while subscribing came before there was a subscription to end.
    if (done) subscription.unsubscribe();
  });
  return { settled, stop: finish };
}
