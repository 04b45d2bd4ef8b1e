import { describe, expect, it } from 'vitest';
import type { LedgerRow } from '../../../src/store/db.ts';
import { gainedWithPending, withConfirmedGains } from '../../../src/domain/seasonGains.ts';

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

describe('gains the server just confirmed', () => {
  const summer = { season: 1, starts_at: '2025-06-01T00:00:00Z', ends_at: '2025-09-01T00:00:00Z' };

  it('join the count of the season whose window holds them, keeping the total the pass showed while they were queued', () => {
    const queued = [{ user_id: 'u', amt: 100, why: 'streak claim', created_at: '2025-10-10T00:00:00Z', status: 'pending' as const }];
    const before = gainedWithPending(season, { 2: 7 }, queued);
    const server = withConfirmedGains({ 1: 40, 2: 7 }, [summer, season], queued);
    expect(server).toEqual({ 1: 40, 2: 107 });
    expect(gainedWithPending(season, server, [{ ...queued[0]!, status: 'confirmed' }])).toBe(before);
  });

  it('leave out spending and gains outside every window, at its edges too', () => {
    const confirmed = [
      { amt: -800, created_at: '2025-10-10T00:00:00Z' },
      { amt: 5, created_at: '2025-11-15T00:00:00Z' },
      { amt: 3, created_at: '2025-09-30T23:59:59Z' },
      { amt: 2, created_at: '2025-10-01T00:00:00Z' },
    ];
    expect(withConfirmedGains({}, [summer, season], confirmed)).toEqual({ 2: 2 });
    expect(withConfirmedGains({ 2: 1 }, [], confirmed)).toEqual({ 2: 1 });
  });
});
