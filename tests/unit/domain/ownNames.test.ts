import { describe, expect, it } from 'vitest';
import { withOwnNames } from '../../../src/domain/ownNames.ts';

const rows = [
  { user_id: 'ann', username: 'ann_old', icon: 'default_icon', value: 30 },
  { user_id: 'bob', username: 'bob', icon: null, value: 20 },
];

describe('a list as the student who renamed sees it', () => {
  it('shows the new name and icon on their own rows only, keeping every other field', () => {
    const own = new Map([['ann', { username: 'ann_new', icon: 'default_fox' }]]);
    expect(withOwnNames(rows, own)).toEqual([
      { user_id: 'ann', username: 'ann_new', icon: 'default_fox', value: 30 },
      { user_id: 'bob', username: 'bob', icon: null, value: 20 },
    ]);
  });

  it('returns the same rows when nothing changed or no student of this device is listed', () => {
    const same = withOwnNames(rows, new Map([['ann', { username: 'ann_old', icon: 'default_icon' }]]));
    expect(same[0]).toBe(rows[0]);
    expect(withOwnNames(rows, new Map([['cy', { username: 'cy', icon: null }]]))).toEqual(rows);
    expect(withOwnNames([], new Map())).toEqual([]);
  });
});
