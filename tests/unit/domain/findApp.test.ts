import { describe, expect, it } from 'vitest';
import { findAppByTitle, findGame } from '../../../src/domain/findApp.ts';

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

describe('findGame', () => {
  const apps = [
    { id: 'flappy', slug: 'flappy-hollow', title: 'Flappy Hollow' },
    { id: 'ttt', slug: 'tic-tac-toe', title: 'Tic-Tac-Toe' },
    { id: '2048', slug: '/2048', title: '2048' },
    { id: 'slope', slug: 'slope-three', title: 'Slope 3' },
    { id: 'acdc', slug: 'acdc', title: 'AC/DC Rocks' },
  ];
  const found = (segment: string) => {
    const hit = findGame(apps, segment);
    return hit === undefined ? undefined : [hit.app.id, hit.readable];
  };

  it('takes the readable slug as is', () => {
    expect(found('flappy-hollow')).toEqual(['flappy', true]);
    expect(found('tic-tac-toe')).toEqual(['ttt', true]);
    // The bundled list's '/2048' is the slug '2048'.
    expect(found('2048')).toEqual(['2048', true]);
    expect(found('slope-three')).toEqual(['slope', true]);
  });

  it('finds every old form of the address, to be moved to the readable one', () => {
    // /class/Flappy%20Hollow and /class/Flappy Hollow arrive decoded alike.
    expect(found('Flappy Hollow')).toEqual(['flappy', false]);
    expect(found('FLAPPY-HOLLOW')).toEqual(['flappy', false]);
    expect(found('  flappy   hollow ')).toEqual(['flappy', false]);
    expect(found('Tic Tac Toe')).toEqual(['ttt', false]);
    expect(found('Tic-Tac-Toe')).toEqual(['ttt', false]);
    // A slug an operator chose apart from the title: the title (with dashes shown as spaces) still opens it.
    expect(found('Slope 3')).toEqual(['slope', false]);
    expect(found('slope-3')).toEqual(['slope', false]);
    expect(found('AC/DC Rocks')).toEqual(['acdc', false]);
  });

  it('finds nothing for an empty, unknown or near-miss segment', () => {
    expect(found('')).toBeUndefined();
    expect(found('   ')).toBeUndefined();
    expect(found('-')).toBeUndefined();
    expect(found('flappy')).toBeUndefined();
    expect(found('flappy-hollow-2')).toBeUndefined();
    expect(found('snake')).toBeUndefined();
  });

  it('keeps an old title link on its game when another game has that slug', () => {
    const clash = [
      { id: 'title-owner', slug: 'space-run-classic', title: 'Space Run' },
      { id: 'slug-owner', slug: 'space-run', title: 'Space Run Deluxe' },
    ];
    expect(findGame(clash, 'space-run')).toEqual({ app: clash[1], readable: true });
    expect(findGame(clash, 'Space Run')).toEqual({ app: clash[0], readable: false });
    expect(findGame(clash, 'SPACE RUN')).toEqual({ app: clash[0], readable: false });
    expect(findGame(clash, 'space-run-classic')).toEqual({ app: clash[0], readable: true });
    expect(findGame(clash, 'Space Run Deluxe')).toEqual({ app: clash[1], readable: false });
  });
});
