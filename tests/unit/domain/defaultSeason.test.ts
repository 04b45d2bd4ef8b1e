import { describe, expect, it } from 'vitest';
import { defaultSeason } from '../../../src/domain/defaultSeason.ts';

describe('defaultSeason', () => {
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
});
