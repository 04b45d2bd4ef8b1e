import { describe, expect, it } from 'vitest';
import { formatMinutes } from '../../../src/domain/formatMinutes.ts';

describe('time spent', () => {
  it('shows minutes, then hours and minutes', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(55)).toBe('55 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(125)).toBe('2 h 5 min');
  });
});
