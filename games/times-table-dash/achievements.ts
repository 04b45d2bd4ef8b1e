// The achievements of Times Table Dash (issue 29). Five right answers a second is faster than anyone
// types two digits and Enter.
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { badge, line, BOLT, STAR, TROPHY } from '../shared/achievementIcon.ts';

const TIMES = line('M7 7l10 10M17 7L7 17');

export const achievements = {
  stats: [
    { name: 'correct', kind: 'total', maxPerSecond: 5 },
    { name: 'streak', kind: 'max', maxPerSecond: 5 },
  ],
  achievements: [
    { id: 'first-answer', title: 'Times One', description: 'Answer your first question right.', icon: badge('#2471a3', TIMES),
      points: 5, hidden: false, stat: { name: 'correct', threshold: 1 }, reward: 10, how: 'Answer one question right.' },
    { id: 'streak-20', title: 'Quick Sums', description: 'Answer 20 in a row without a mistake.', icon: badge('#1a5276', BOLT),
      points: 20, hidden: false, stat: { name: 'streak', threshold: 20 }, reward: 50, how: 'Twenty right answers in a row in one game.' },
    { id: 'twelves', title: 'Twelve Times Over', description: 'Master the 12 times table.', icon: badge('#154360', STAR),
      points: 30, hidden: false, reward: 80, how: 'Earn all three stars of the 12 times table: each of its facts right at least twice, and more often right than wrong.' },
    { id: 'correct-1000', title: 'Human Calculator', description: 'Answer 1,000 questions right over all your games.', icon: badge('#0e2f44', TROPHY),
      points: 40, hidden: false, stat: { name: 'correct', threshold: 1000 }, reward: 150, how: 'Keep playing: every right answer counts.' },
    { id: 'flawless-minute', title: 'Not a Slip', description: 'A secret: a whole round without a wrong answer.', icon: badge('#7d6608', line('M6 12l4 4 8-8')),
      points: 10, hidden: true, reward: 20, how: 'Finish a round with at least 10 right answers and none wrong.' },
  ],
} satisfies GameAchievements;
