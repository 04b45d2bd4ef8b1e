// @vitest-environment happy-dom
// A game's achievements as its page lists them (issue 29): a new game's list says once that nobody has
// one yet instead of on every row, and a visitor is asked to sign in instead of shown progress of 0.
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShownAchievement } from '../../../src/data/queries/fetchGameAchievements.ts';
import { AchievementList } from '../../../src/features/player/GameAchievements.tsx';
import { stage, type Stage } from '../ui/render.ts';

function achievement(code: string, over: Partial<ShownAchievement> = {}): ShownAchievement {
  return { code, title: code, description: `About ${code}`, icon: null, points: 10, hidden: false, stat: 'apples', threshold: 20, progress: 5, unlockedAt: null, unlocks: 0, players: 0, ...over };
}

let shown: Stage | null = null;
afterEach(() => {
  shown?.unmount();
  shown = null;
});

function show(list: ShownAchievement[], tracked: boolean, signedOut: boolean): HTMLElement {
  shown = stage();
  shown.render(
    <MemoryRouter>
      <AchievementList list={list} tracked={tracked} signedOut={signedOut} />
    </MemoryRouter>,
  );
  return shown.container;
}

const rates = (root: HTMLElement) => [...root.querySelectorAll('.achievement-rate')].map((p) => p.textContent);

describe('a game’s achievement list', () => {
  it('says once that nobody has unlocked one yet, and no row repeats it', () => {
    const root = show([achievement('a'), achievement('b'), achievement('c')], true, false);
    expect(root.querySelector('[data-testid="achievements-lead"]')?.textContent).toBe('Nobody has unlocked one yet: be the first. ');
    expect(rates(root)).toEqual([]);
    expect(root.textContent).not.toContain('Not unlocked by anyone yet');
  });

  it('gives every row its rate once somebody has unlocked one, and says which the student has', () => {
    const root = show([achievement('a', { unlocks: 3, players: 25, unlockedAt: '2026-11-20T10:00:00Z' }), achievement('b', { players: 25 })], true, false);
    expect(root.querySelector('[data-testid="achievements-lead"]')).toBeNull();
    expect(rates(root)).toEqual(['You have it. Unlocked by 12% of players', 'Not unlocked by anyone yet']);
  });

  it('shows a signed-in student their progress towards a stat, not one they have', () => {
    const root = show([achievement('a'), achievement('b', { unlockedAt: '2026-11-20T10:00:00Z', unlocks: 1, players: 1 })], true, false);
    expect([...root.querySelectorAll('progress')].map((bar) => bar.getAttribute('value'))).toEqual(['5']);
  });

  it('asks a visitor to sign in, with no progress bar of 0', () => {
    const root = show([achievement('a', { progress: null }), achievement('b', { unlocks: 2, players: 4, progress: null })], false, true);
    const lead = root.querySelector('[data-testid="achievements-lead"]');
    expect(lead?.textContent).toBe('Sign in to earn them and follow your progress.');
    expect(lead?.querySelector('a')?.getAttribute('href')).toBe('/auth');
    expect(root.querySelectorAll('progress')).toHaveLength(0);
    expect(rates(root)).toEqual(['Not unlocked by anyone yet', 'Unlocked by 50% of players']);
  });
});
