// The achievements of Fraction Frenzy (issue 29). Reading a fraction and clicking its match takes
// more than a fifth of a second: 5 correct answers a second is a bound no student reaches.
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { badge, dot, line, solid, STAR, TROPHY } from '../shared/achievementIcon.ts';

const HALF = line('M6 12h12'), ONE = dot(12, 7.5, 2), TWO = dot(12, 16.5, 2);

export const achievements = {
  stats: [
    { name: 'correct', kind: 'total', maxPerSecond: 5 },
    { name: 'streak', kind: 'max', maxPerSecond: 5 },
  ],
  achievements: [
    { id: 'first-match', title: 'Equal Parts', description: 'Pick your first equal fraction.', icon: badge('#af601a', HALF, ONE, TWO),
      points: 5, hidden: false, stat: { name: 'correct', threshold: 1 }, reward: 10, how: 'Answer one question right.' },
    { id: 'streak-10', title: 'On a Roll', description: 'Answer 10 in a row without a mistake.', icon: badge('#935116', STAR),
      points: 15, hidden: false, stat: { name: 'streak', threshold: 10 }, reward: 40, how: 'Ten right answers in a row in one game.' },
    { id: 'streak-25', title: 'Fraction Master', description: 'Answer 25 in a row without a mistake.', icon: badge('#6e2c00', TROPHY),
      points: 35, hidden: false, stat: { name: 'streak', threshold: 25 }, reward: 100, how: 'Twenty-five in a row: simplify before you click.' },
    { id: 'correct-500', title: 'Piece of Pie', description: 'Answer 500 questions right over all your games.', icon: badge('#784212', line('M12 4a8 8 0 1 0 8 8h-8z')),
      points: 30, hidden: false, stat: { name: 'correct', threshold: 500 }, reward: 100, how: 'Keep playing: every right answer counts.' },
    { id: 'one-half', title: 'Half and Half', description: 'A secret: one half wears many disguises.', icon: badge('#1d8348', line('M12 5v14'), solid('M12 5a7 7 0 0 0 0 14z')),
      points: 10, hidden: true, reward: 20, how: 'Answer a question whose fraction is one half in its simplest form.' },
  ],
} satisfies GameAchievements;
