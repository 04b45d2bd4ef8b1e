import { describe, expect, it } from 'vitest';
import { findAppByTitle } from '../../../src/domain/findApp.ts';

describe('findAppByTitle', () => {
  const apps = [{ title: 'Flappy Hollow' }, { title: 'Tic-Tac-Toe' }, { title: '2048' }];

  it('matches a /class/{title} path ignoring case, with dashes read as spaces', () => {
    expect(findAppByTitle(apps, 'flappy-hollow')).toBe(apps[0]);
    expect(findAppByTitle(apps, 'FLAPPY HOLLOW')).toBe(apps[0]);
    expect(findAppByTitle(apps, 'tic tac toe')).toBe(apps[1]);
    expect(findAppByTitle(apps, '2048')).toBe(apps[2]);
    expect(findAppByTitle(apps, 'snake')).toBeUndefined();
  });
});
