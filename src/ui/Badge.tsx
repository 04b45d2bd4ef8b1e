import type { ReactNode } from 'react';

export type BadgeTone = 'brand' | 'new' | 'hot' | 'coin';

/** A small label on a card or beside a name: New, Popular, a price. */
export function Badge({ tone = 'brand', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={tone === 'brand' ? 'badge' : `badge badge-${tone}`}>{children}</span>;
}
