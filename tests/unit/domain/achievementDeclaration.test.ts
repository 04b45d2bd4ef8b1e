// The rules every achievement declaration meets (issue 29), at their edges, and every bundled game's
// declaration meeting them.
import { describe, expect, it } from 'vitest';
import { BUNDLED_ACHIEVEMENTS } from '../../../games/shared/achievements.ts';
import { listGames } from '../../../scripts/bundledGames.ts';
import {
  ACHIEVEMENT_ICON_MAX_BYTES, declarationProblems, iconProblems, type AchievementDeclaration, type GameAchievements,
} from '../../../src/domain/achievementDeclaration.ts';
import { PORTAL_ACHIEVEMENTS } from '../../../src/domain/portalAchievements.ts';

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#123abc"/></svg>';

function achievement(id: string, extra: Partial<AchievementDeclaration> = {}): AchievementDeclaration {
  return { id, title: 'Title', description: 'Does a thing.', icon: ICON, points: 10, hidden: false, reward: 10, how: 'Play.', ...extra };
}

function game(extra: Partial<AchievementDeclaration> = {}, stats: GameAchievements['stats'] = [{ name: 'apples', kind: 'total', maxPerSecond: 15 }]): GameAchievements {
  return {
    stats,
    achievements: [achievement('a'), achievement('b'), achievement('c'), achievement('d', { hidden: true }), achievement('e', extra)],
  };
}

describe('achievement declarations', () => {
  it('accepts a game of five with a hidden one, at the limits of every field', () => {
    expect(declarationProblems(game())).toEqual([]);
    expect(declarationProblems(game({ id: 'a'.repeat(48), title: 'T'.repeat(60), description: 'D'.repeat(200), points: 100, reward: 500 }))).toEqual([]);
    expect(declarationProblems(game({ points: 1, reward: 0, stat: { name: 'apples', threshold: 1_000_000_000 } }))).toEqual([]);
  });

  it('refuses too few achievements, none hidden, and one declared twice', () => {
    const four = { stats: [], achievements: game().achievements.slice(0, 4) };
    expect(declarationProblems(four)).toEqual(['from 5 to 50 achievements, not 4']);
    const open = { stats: [], achievements: game().achievements.map((a) => ({ ...a, hidden: false })) };
    expect(declarationProblems(open)).toEqual(['at least one hidden achievement']);
    expect(declarationProblems(game({ id: 'a' }))).toEqual(['achievement a: declared twice']);
  });

  it('refuses each field just past its limit', () => {
    expect(declarationProblems(game({ id: 'a'.repeat(49) }))).toEqual([`achievement ${'a'.repeat(49)}: an id is lower-case letters, digits and -, at most 48`]);
    expect(declarationProblems(game({ id: 'Big' }))).toHaveLength(1);
    expect(declarationProblems(game({ title: 'T'.repeat(61) }))).toEqual(['achievement e: a title is 1 to 60 characters without spaces at its ends']);
    expect(declarationProblems(game({ title: ' Padded' }))).toHaveLength(1);
    expect(declarationProblems(game({ description: 'D'.repeat(201) }))).toEqual(['achievement e: a description is 1 to 200 characters']);
    expect(declarationProblems(game({ how: ' ' }))).toEqual(['achievement e: say how a student reaches it']);
    expect(declarationProblems(game({ points: 0 }))).toEqual(['achievement e: points are a whole number from 1 to 100']);
    expect(declarationProblems(game({ points: 101 }))).toHaveLength(1);
    expect(declarationProblems(game({ points: 2.5 }))).toHaveLength(1);
    expect(declarationProblems(game({ reward: -1 }))).toEqual(['achievement e: a reward is a whole number of Dabloons from 0 to 500']);
    expect(declarationProblems(game({ reward: 501 }))).toHaveLength(1);
  });

  it('refuses a threshold on a stat that is not declared, or out of range', () => {
    expect(declarationProblems(game({ stat: { name: 'pears', threshold: 5 } }))).toEqual(['achievement e: stat pears is not declared']);
    expect(declarationProblems(game({ stat: { name: 'apples', threshold: 0 } }))).toEqual(['achievement e: a threshold is a whole number from 1 to 1000000000']);
    expect(declarationProblems(game({ stat: { name: 'apples', threshold: 1_000_000_001 } }))).toHaveLength(1);
  });

  it('refuses a stat with no bound, a bad name or declared twice', () => {
    expect(declarationProblems(game({}, [{ name: 'apples', kind: 'total', maxPerSecond: 0 }]))).toEqual(['stat apples: maxPerSecond is above 0 and at most 10000']);
    expect(declarationProblems(game({}, [{ name: 'apples', kind: 'total', maxPerSecond: 10_001 }]))).toHaveLength(1);
    expect(declarationProblems(game({}, [{ name: 'apples', kind: 'total', maxPerSecond: 10_000 }]))).toEqual([]);
    expect(declarationProblems(game({}, [{ name: 'Apples', kind: 'max', maxPerSecond: 1 }]))).toEqual(['stat Apples: a name is lower-case letters, digits and _, at most 32']);
    const twice = [{ name: 'apples', kind: 'max', maxPerSecond: 1 }, { name: 'apples', kind: 'total', maxPerSecond: 1 }] as const;
    expect(declarationProblems(game({}, twice))).toEqual(['stat apples: declared twice']);
  });

  it('accepts an icon of plain shapes, up to its size limit', () => {
    expect(iconProblems(ICON)).toEqual([]);
    const padded = ICON.replace('</svg>', `<g>${' '.repeat(ACHIEVEMENT_ICON_MAX_BYTES - ICON.length - 7)}</g></svg>`);
    expect(new TextEncoder().encode(padded).length).toBe(ACHIEVEMENT_ICON_MAX_BYTES);
    expect(iconProblems(padded)).toEqual([]);
    expect(iconProblems(padded.replace('<g> ', '<g>  '))).toEqual([`is larger than ${ACHIEVEMENT_ICON_MAX_BYTES} bytes`]);
  });

  it('refuses an icon that could run code, load something or hold text', () => {
    expect(iconProblems('<img src="x">')).toEqual(['must be one <svg> element']);
    expect(iconProblems('<svg><script>alert(1)</script></svg>')).toContain('may not use <script>');
    expect(iconProblems('<svg onload="alert(1)"></svg>')).toEqual(['may not use the attribute onload']);
    expect(iconProblems('<svg><image href="https://x/y.png"/></svg>')).toEqual(['may not use <image>']);
    expect(iconProblems('<svg><circle fill="url(#x)"/></svg>')).toEqual(['fill="url(#x)" is not a plain colour']);
    expect(iconProblems('<svg><g>hi</g></svg>')).toEqual(['may hold no text between its tags']);
    expect(iconProblems('<svg><circle r=5/></svg>')).toEqual(['has an attribute that is not name="value" in <circle>']);
  });

  it('holds every bundled game to at least five good achievements, the portal\'s own too', async () => {
    expect(Object.keys(BUNDLED_ACHIEVEMENTS).sort()).toEqual(await listGames());
    for (const [id, declaration] of Object.entries(BUNDLED_ACHIEVEMENTS)) {
      expect({ id, problems: declarationProblems(declaration) }).toEqual({ id, problems: [] });
      expect(declaration.achievements.some((a) => a.stat !== undefined)).toBe(true);
    }
    const portal = PORTAL_ACHIEVEMENTS.map((a) => ({ id: a.id, problems: iconProblems(a.icon) }));
    expect(portal).toEqual([
      { id: 'streak-7', problems: [] }, { id: 'first-approved-score', problems: [] },
      { id: 'first-friend-game', problems: [] }, { id: 'ten-games', problems: [] },
    ]);
  });
});
