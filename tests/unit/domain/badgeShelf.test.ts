import { describe, expect, it } from 'vitest';
import { SHELF_SIZE, toggleShelf } from '../../../src/domain/badgeShelf.ts';

describe('the badge shelf choice', () => {
  it('adds in the order picked, up to 3, and a 4th changes nothing', () => {
    expect(SHELF_SIZE).toBe(3);
    expect(toggleShelf([], 7)).toEqual([7]);
    expect(toggleShelf([7], 2)).toEqual([7, 2]);
    expect(toggleShelf([7, 2], 9)).toEqual([7, 2, 9]);
    expect(toggleShelf([7, 2, 9], 4)).toEqual([7, 2, 9]);
  });

  it('takes a chosen one off, keeping the others in order', () => {
    expect(toggleShelf([7, 2, 9], 2)).toEqual([7, 9]);
    expect(toggleShelf([7], 7)).toEqual([]);
  });
});
