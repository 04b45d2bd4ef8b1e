import { describe, expect, it } from 'vitest';
import { seasonStatusText, seasonWindowText } from '../../../src/domain/seasonText.ts';

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

describe('season display', () => {
  it('says when a season ends, that an ended one keeps what was earned, and its last day', () => {
    expect(seasonStatusText(season, new Date('2025-11-14T12:00:00Z'))).toEqual({ status: 'running', text: 'Ends in 1 day' });
    expect(seasonStatusText(season, new Date('2025-10-01T00:00:00Z'))).toEqual({ status: 'running', text: 'Ends in 45 days' });
    expect(seasonStatusText(season, new Date('2025-11-15T00:00:00Z')).status).toBe('ended');
    expect(seasonStatusText(season, new Date('2025-11-15T00:00:00Z')).text).toMatch(/yours to keep/);
    expect(seasonStatusText(season, new Date('2025-09-29T00:00:00Z'))).toEqual({ status: 'upcoming', text: 'Starts in 2 days' });
    expect(seasonWindowText(season)).toBe('1 October 2025 to 14 November 2025');
  });
});
