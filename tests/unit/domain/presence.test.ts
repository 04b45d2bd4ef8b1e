import { describe, expect, it } from 'vitest';
import { presenceText } from '../../../src/domain/presence.ts';

const now = new Date('2026-11-27T12:00:00Z');
const titles: Record<string, string> = { snake: 'Snake' };
const titleOf = (id: string) => titles[id];
const seen = (msAgo: number) => presenceText({ online: false, playing: null, lastSeen: new Date(now.getTime() - msAgo) }, now, titleOf);

describe('presenceText', () => {
  it('says online, and which game, by its title', () => {
    expect(presenceText({ online: true, playing: null, lastSeen: now }, now, titleOf)).toBe('Online now');
    expect(presenceText({ online: true, playing: 'snake', lastSeen: now }, now, titleOf)).toBe('Playing Snake');
    // A game this device's catalogue does not know (retired, or an operator's new one) is still "a game".
    expect(presenceText({ online: true, playing: 'newgame', lastSeen: now }, now, titleOf)).toBe('Playing a game');
  });

  it('says nothing for a friend who does not share', () => {
    expect(presenceText({ online: false, playing: null, lastSeen: null }, now, titleOf)).toBeNull();
  });

  it('counts whole minutes, hours and days since last seen, at each edge', () => {
    expect(seen(59_999)).toBe('Last seen just now');
    expect(seen(60_000)).toBe('Last seen 1 minute ago');
    expect(seen(119_999)).toBe('Last seen 1 minute ago');
    expect(seen(120_000)).toBe('Last seen 2 minutes ago');
    expect(seen(3_599_999)).toBe('Last seen 59 minutes ago');
    expect(seen(3_600_000)).toBe('Last seen 1 hour ago');
    expect(seen(86_399_999)).toBe('Last seen 23 hours ago');
    expect(seen(86_400_000)).toBe('Last seen yesterday');
    expect(seen(2 * 86_400_000)).toBe('Last seen 2 days ago');
    expect(seen(30 * 86_400_000 - 1)).toBe('Last seen 29 days ago');
    expect(seen(30 * 86_400_000)).toBe('Last seen over a month ago');
  });

  it('reads a clock slightly behind the server as just now, never as the future', () => {
    expect(seen(-5_000)).toBe('Last seen just now');
  });
});
