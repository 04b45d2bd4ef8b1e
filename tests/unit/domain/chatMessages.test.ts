import { describe, expect, it } from 'vitest';
import { mergeMessages, newestInstant, newestMessages, pageLeavesGap, pollSince, type ChatMessage } from '../../../src/domain/chatMessages.ts';

function message(id: number, createdAt: string, body = `m${id}`): ChatMessage {
  return { id, user_id: 'u', username: 'ann', icon: null, body, created_at: createdAt, client_id: null };
}

describe('mergeMessages', () => {
  it('keeps each id once, oldest first, ties broken by id', () => {
    const known = [message(1, '2026-01-01T10:00:00Z'), message(3, '2026-01-01T10:00:05Z')];
    const incoming = [message(3, '2026-01-01T10:00:05Z', 'm3 again'), message(2, '2026-01-01T10:00:05Z'), message(4, '2026-01-01T10:00:01Z')];
    const merged = mergeMessages(known, incoming);
    expect(merged.map((m) => m.id)).toEqual([1, 4, 2, 3]);
    expect(merged.find((m) => m.id === 3)?.body).toBe('m3 again');
  });

  it('returns the same list when nothing new came', () => {
    const known = [message(1, '2026-01-01T10:00:00Z')];
    expect(mergeMessages(known, [])).toBe(known);
  });
});

describe('pollSince and newestInstant', () => {
  it('looks back a little before the newest message a read returned', () => {
    expect(pollSince('2026-01-01T10:00:30Z', 10_000)).toBe('2026-01-01T10:00:20.000Z');
  });

  it('keeps the newest instant read, whatever order a page comes in and however the server spells the time', () => {
    expect(newestInstant([], null)).toBeNull();
    expect(newestInstant([], '2026-01-01T10:00:00Z')).toBe('2026-01-01T10:00:00Z');
    expect(newestInstant([message(2, '2026-01-01T10:00:30+00:00'), message(1, '2026-01-01T10:00:00Z')], null)).toBe('2026-01-01T10:00:30+00:00');
    expect(newestInstant([message(1, '2026-01-01T09:00:00Z')], '2026-01-01T10:00:00.000Z')).toBe('2026-01-01T10:00:00.000Z');
  });
});

describe('pageLeavesGap', () => {
  const known = [message(1, '2026-01-01T10:00:00Z'), message(2, '2026-01-01T10:00:05Z')];

  it('is true only for a full newest page that begins after the newest known message', () => {
    expect(pageLeavesGap(known, [message(7, '2026-01-01T11:00:00Z'), message(8, '2026-01-01T11:00:01Z')], 2)).toBe(true);
    expect(pageLeavesGap(known, [message(7, '2026-01-01T11:00:00Z')], 2)).toBe(false);
    expect(pageLeavesGap(known, [message(2, '2026-01-01T10:00:05Z'), message(8, '2026-01-01T11:00:01Z')], 2)).toBe(false);
    expect(pageLeavesGap([], [message(7, '2026-01-01T11:00:00Z'), message(8, '2026-01-01T11:00:01Z')], 2)).toBe(false);
  });
});

describe('newestMessages', () => {
  it('keeps the last ones of an oldest-first list', () => {
    const list = [message(1, '2026-01-01T10:00:00Z'), message(2, '2026-01-01T10:00:01Z'), message(3, '2026-01-01T10:00:02Z')];
    expect(newestMessages(list, 2).map((m) => m.id)).toEqual([2, 3]);
    expect(newestMessages(list, 5)).toEqual(list);
  });
});
