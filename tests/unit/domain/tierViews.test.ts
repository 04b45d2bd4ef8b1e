import { describe, expect, it } from 'vitest';
import { tierStateText, tierViews } from '../../../src/domain/tierViews.ts';

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

  it('counts what is still to go while the season runs, and never once it has ended', () => {
    const views = tierViews(season, 1175, new Set(['pumpkin']), new Set([2]));
    const more = tierViews(season, 175, new Set(['pumpkin']), new Set());
    expect(more.map((v) => tierStateText(v, false))).toEqual(['Claimed', '75 to go', '325 to go']);
    expect(more.map((v) => tierStateText(v, true))).toEqual(['Claimed', 'Not reached', 'Not reached']);
    expect(views.map((v) => tierStateText(v, true))).toEqual(['Claimed', 'Claim pending', 'Claim']);
    expect(tierStateText({ state: 'locked', remaining: 12500 }, false)).toBe('12,500 to go');
  });
});
