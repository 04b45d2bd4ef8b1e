import { describe, expect, it } from 'vitest';
import { weekStartUtc } from '../../../src/domain/weekStart.ts';

const at = (iso: string) => weekStartUtc(new Date(iso)).toISOString();

describe('the start of the week', () => {
  it('is the Monday 00:00 UTC at or before the moment', () => {
    expect(at('2026-11-25T18:00:00Z')).toBe('2026-11-23T00:00:00.000Z'); // a Wednesday
    expect(at('2026-11-23T00:00:00Z')).toBe('2026-11-23T00:00:00.000Z'); // exactly Monday midnight
    expect(at('2026-11-22T23:59:59.999Z')).toBe('2026-11-16T00:00:00.000Z'); // the last instant of Sunday
    expect(at('2026-11-29T23:59:59Z')).toBe('2026-11-23T00:00:00.000Z'); // Sunday evening, same week
  });

  it('crosses month, year and leap-day edges', () => {
    expect(at('2027-01-01T12:00:00Z')).toBe('2026-12-28T00:00:00.000Z'); // a Friday: the week began in December
    expect(at('2028-02-29T10:00:00Z')).toBe('2028-02-28T00:00:00.000Z'); // leap day, a Tuesday
    expect(at('2028-03-05T10:00:00Z')).toBe('2028-02-28T00:00:00.000Z'); // the Sunday after it
  });

  it('is the same instant for a moment written in any time zone', () => {
    // 00:30 on Monday in Auckland is still Sunday in UTC: the week is the UTC one.
    expect(at('2026-11-23T00:30:00+13:00')).toBe('2026-11-16T00:00:00.000Z');
    expect(at('2026-11-22T20:00:00-05:00')).toBe('2026-11-23T00:00:00.000Z');
  });
});
