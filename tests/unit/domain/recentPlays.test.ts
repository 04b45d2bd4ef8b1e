import { describe, expect, it } from 'vitest';
import { mergePlays, RECENT_PLAYS_LIMIT, withPlay } from '../../../src/domain/recentPlays.ts';

const play = (app_id: string, minute: number) => ({ app_id, updated_at: `2026-01-01T10:${String(minute).padStart(2, '0')}:00Z` });

describe('recent plays', () => {
  it('puts the game just played first, once, and keeps the spec’s 6', () => {
    const plays = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => play(id, 10 - i));
    const next = withPlay(plays, 'c', '2026-01-01T11:00:00Z');
    expect(next.map((p) => p.app_id)).toEqual(['c', 'a', 'b', 'd', 'e', 'f']);
    expect(withPlay(plays, 'new', '2026-01-01T11:00:00Z').map((p) => p.app_id)).toEqual(['new', 'a', 'b', 'c', 'd', 'e']);
    expect(RECENT_PLAYS_LIMIT).toBe(6);
  });

  it("merges the server's plays with the device's, newest copy of each app first", () => {
    const server = [play('snake', 5), play('2048', 3)];
    const local = [play('memory', 9), play('snake', 1)];
    expect(mergePlays(server, local)).toEqual([play('memory', 9), play('snake', 5), play('2048', 3)]);
    const many = Array.from({ length: 8 }, (_, i) => play(`g${i}`, i));
    expect(mergePlays(many, [])).toHaveLength(RECENT_PLAYS_LIMIT);
  });
});
