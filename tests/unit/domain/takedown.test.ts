import { describe, expect, it } from 'vitest';
import { validateTakedown } from '../../../src/domain/takedown.ts';

describe('validateTakedown', () => {
  it('accepts a complete request', () => {
    expect(validateTakedown({ name: 'Ann Owner', email: 'ann@studio.example', url: 'https://studio.example/game', reason: 'This is my game, please remove it.' })).toEqual({});
  });

  it('names every field that needs fixing', () => {
    const errors = validateTakedown({ name: ' ', email: 'ann@', url: 'studio.example', reason: 'mine' });
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'reason', 'url']);
  });
});
