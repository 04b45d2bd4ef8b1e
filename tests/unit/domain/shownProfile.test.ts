import { describe, expect, it } from 'vitest';
import { ownShownProfile, publicShownProfile } from '../../../src/domain/shownProfile.ts';

const row = {
  username: 'quietfox',
  icon: 'default_fox',
  created_at: '2025-09-01T00:00:00Z',
  current_streak: 4,
  longest_streak: 6,
  apps_played: 3,
  time_spent: 40,
  user_about: null,
  badges: [],
};

describe('the profile a page shows', () => {
  it("takes the streak this device knows over the row's, which a claim made here has not reached yet", () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(ownShownProfile(row, { current_streak: 7, longest_streak: 7, last_claim: '2026-01-10T08:00:00Z' }, now)).toMatchObject({
      current_streak: 7,
      longest_streak: 7,
    });
    // A lapsed streak shows as 0; the longest one stays.
    expect(ownShownProfile(row, { current_streak: 7, longest_streak: 7, last_claim: '2026-01-01T08:00:00Z' }, now)).toMatchObject({
      current_streak: 0,
      longest_streak: 7,
    });
    expect(ownShownProfile(row, undefined, now)).toEqual(row);
  });

  it("fills the gaps of someone's public_profiles row", () => {
    const now = new Date('2026-01-10T12:00:00Z');
    const empty = { username: null, icon: null, created_at: null, current_streak: null, longest_streak: null, apps_played: null, time_spent: null, user_about: null, badges: null };
    expect(publicShownProfile(empty, 'asked_for', now)).toEqual({
      username: 'asked_for',
      icon: 'default_icon',
      created_at: now.toISOString(),
      current_streak: 0,
      longest_streak: 0,
      apps_played: 0,
      time_spent: 0,
      user_about: null,
      badges: [],
    });
    expect(publicShownProfile(row, 'asked_for', now)).toEqual(row);
  });
});
