import { describe, expect, it } from 'vitest';
import { buildGame, GAME_CSP, listGames } from '../../../scripts/bundledGames.ts';
import { externalReferences } from '../../../src/domain/offlinePack.ts';

describe('the bundled games build', () => {
  it('lists every game folder but the shared code', async () => {
    const ids = await listGames();
    expect(ids).toContain('chess');
    expect(ids).not.toContain('shared');
    expect(ids.length).toBeGreaterThanOrEqual(12);
  });

  it('makes one page with its script and styles inside, the network-blocking policy, and nothing to load', { timeout: 60_000 }, async () => {
    const { html, thumb } = await buildGame('sudoku');
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(html).toContain('<script type="module">');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${GAME_CSP}">`);
    expect(externalReferences(html)).toEqual([]);
    expect(thumb.toString('utf8')).toContain('<svg');
  });

  it('carries the licence of every library it bundles, and none for a game of its own code', { timeout: 60_000 }, async () => {
    const chess = (await buildGame('chess')).html;
    expect(chess).toContain('chess.js 1.4.0 (BSD-2-Clause)');
    expect(chess).toContain('Copyright (c) 2025, Jeff Hlywa');
    expect((await buildGame('sudoku')).html).toContain('sudoku-gen 1.0.2 (MIT)');
    expect((await buildGame('snake')).html).not.toContain('This page includes the following libraries');
  });
});
