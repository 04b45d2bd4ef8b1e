import { describe, expect, it } from 'vitest';
import type { LedgerRow } from '../../../src/data/db.ts';
import { gainedWithPending } from '../../../src/domain/seasonGains.ts';

const season = {
  season: 2,
  name: 'Hollowed Pass',
  starts_at: '2025-10-01T00:00:00+00:00',
  ends_at: '2025-11-15T00:00:00+00:00',
  tiers: [
    { tier: 2, coins_required: 250, item_id: 'ghost' },
    { tier: 1, coins_required: 100, item_id: 'pumpkin' },
    { tier: 3, coins_required: 500, item_id: 'pack' },
  ],
};

describe('gainedWithPending', () => {
  const row = (amt: number, created_at: string, status: LedgerRow['status']): LedgerRow => ({
    key: `${amt}:${created_at}`,
    user_id: 'u',
    amt,
    why: 'test',
    created_at,
    status,
  });

  it("adds the outbox's positive gains inside the window to the server's count", () => {
    const ledger = [
      row(100, '2025-10-10T00:00:00Z', 'pending'),
      row(-800, '2025-10-10T00:00:00Z', 'pending'),
      row(50, '2025-10-10T00:00:00Z', 'confirmed'),
      row(30, '2025-10-10T00:00:00Z', 'rolled_back'),
      row(7, '2025-11-15T00:00:00Z', 'pending'),
      row(9, '2025-09-30T23:59:59Z', 'pending'),
    ];
    expect(gainedWithPending(season, { 2: 400 }, ledger)).toBe(500);
    expect(gainedWithPending(season, {}, [])).toBe(0);
  });
});
