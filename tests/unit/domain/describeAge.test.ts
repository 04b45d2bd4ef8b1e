import { describe, expect, it } from 'vitest';
import { describeAge } from '../../../src/domain/describeAge.ts';

const T0 = new Date(Date.UTC(2026, 10, 20, 12, 0, 0));
const MINUTE = 60_000;

describe('describeAge', () => {
  it('says how long ago the lists were read', () => {
    const t = T0.getTime();
    expect(describeAge(t, t + 20_000)).toBe('updated just now');
    expect(describeAge(t, t + MINUTE)).toBe('updated 1 minute ago');
    expect(describeAge(t, t + 3 * MINUTE + 5_000)).toBe('updated 3 minutes ago');
    expect(describeAge(t, t + 2 * 60 * MINUTE)).toBe('updated 2 hours ago');
    expect(describeAge(t, t + 3 * 24 * 60 * MINUTE)).toBe('updated 3 days ago');
    expect(describeAge(t + 5_000, t)).toBe('updated just now');
  });
});
