import { describe, expect, it } from 'vitest';
import { defaultSeason, seasonStatusText, seasonWindowText, tierViews } from '../../../src/features/battlepass/passView.ts';
import { gainedWithPending } from '../../../src/data/seasons.ts';
import type { LedgerRow } from '../../../src/data/db.ts';

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

describe('tierViews', () => {
  it('shows every tier in order with its fill, what is left and what can be done', () => {
    const views = tierViews(season, 175, new Set(['pumpkin']), new Set());
    expect(views).toEqual([
      { tier: 1, coins_required: 100, item_id: 'pumpkin', state: 'claimed', percent: 100, remaining: 0 },
      { tier: 2, coins_required: 250, item_id: 'ghost', state: 'locked', percent: 50, remaining: 75 },
      { tier: 3, coins_required: 500, item_id: 'pack', state: 'locked', percent: 0, remaining: 325 },
    ]);
  });

  it('offers a reached tier for claiming, shows a queued claim as pending, and reaches a tier exactly at its threshold', () => {
    const views = tierViews(season, 250, new Set(), new Set([1]));
    expect(views.map((v) => v.state)).toEqual(['pending', 'claimable', 'locked']);
    expect(tierViews(season, 249, new Set(), new Set()).map((v) => v.state)).toEqual(['claimable', 'locked', 'locked']);
  });

  it('counts negative or unreadable gains as nothing', () => {
    expect(tierViews(season, -40, new Set(), new Set()).map((v) => [v.percent, v.remaining])).toEqual([
      [0, 100],
      [0, 250],
      [0, 500],
    ]);
  });

  it('keeps a reward that was earned even when the coins now fall short (claimed stays claimed)', () => {
    expect(tierViews(season, 0, new Set(['pack']), new Set()).map((v) => v.state)).toEqual(['locked', 'locked', 'claimed']);
  });
});

describe('season display', () => {
  const seasons = [
    { season: 1, starts_at: '2025-06-01T00:00:00Z', ends_at: '2025-09-01T00:00:00Z' },
    { season: 2, starts_at: '2025-10-01T00:00:00Z', ends_at: '2025-11-15T00:00:00Z' },
    { season: 4, starts_at: '2026-12-01T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' },
  ];

  it('opens on the running season, else the one that began last', () => {
    expect(defaultSeason(seasons, new Date('2025-10-20T00:00:00Z'))?.season).toBe(2);
    expect(defaultSeason(seasons, new Date('2026-01-01T00:00:00Z'))?.season).toBe(2);
    expect(defaultSeason(seasons, new Date('2025-09-20T00:00:00Z'))?.season).toBe(1);
    expect(defaultSeason([], new Date())).toBeUndefined();
  });

  it('says when a season ends, that an ended one keeps what was earned, and its last day', () => {
    expect(seasonStatusText(season, new Date('2025-11-14T12:00:00Z'))).toEqual({ status: 'running', text: 'Ends in 1 day' });
    expect(seasonStatusText(season, new Date('2025-10-01T00:00:00Z'))).toEqual({ status: 'running', text: 'Ends in 45 days' });
    expect(seasonStatusText(season, new Date('2025-11-15T00:00:00Z')).status).toBe('ended');
    expect(seasonStatusText(season, new Date('2025-11-15T00:00:00Z')).text).toMatch(/yours to keep/);
    expect(seasonStatusText(season, new Date('2025-09-29T00:00:00Z'))).toEqual({ status: 'upcoming', text: 'Starts in 2 days' });
    expect(seasonWindowText(season)).toBe('1 October 2025 to 14 November 2025');
  });
});

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
