// The achievements of Snake (issue 29). A snake grows by one cell for each apple and steps at most every
// 70 ms, so length and apples grow by at most 15 a second of play.
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { badge, dot, line, solid, CLOCK, TROPHY } from '../shared/achievementIcon.ts';

export const achievements = {
  stats: [
    { name: 'length', kind: 'max', maxPerSecond: 15 },
    { name: 'apples', kind: 'total', maxPerSecond: 15 },
  ],
  achievements: [
    { id: 'first-apple', title: 'First Bite', description: 'Eat your first apple.', icon: badge('#27ae60', dot(12, 13, 5), line('M12 8V5M12 6c1-2 3-2 4-1')),
      points: 5, hidden: false, reward: 10, how: 'Steer the snake onto an apple in any game.' },
    { id: 'length-20', title: 'Noodle', description: 'Grow your snake to 20 cells long.', icon: badge('#1e8449', line('M5 17c3 0 3-4 6-4s3 4 6 4M17 17V8')),
      points: 10, hidden: false, stat: { name: 'length', threshold: 20 }, reward: 25, how: 'Eat 17 apples in one game (the snake starts 3 long).' },
    { id: 'length-50', title: 'Python', description: 'Grow your snake to 50 cells long.', icon: badge('#145a32', TROPHY),
      points: 30, hidden: false, stat: { name: 'length', threshold: 50 }, reward: 80, how: 'Eat 47 apples in one game; sweep the board in rows.' },
    { id: 'apples-500', title: 'Orchard', description: 'Eat 500 apples over all your games.', icon: badge('#b03a2e', dot(8, 12, 3), dot(16, 12, 3), dot(12, 7, 3), dot(12, 17, 3)),
      points: 30, hidden: false, stat: { name: 'apples', threshold: 500 }, reward: 100, how: 'Keep playing: every apple of every game counts.' },
    { id: 'speed-demon', title: 'Speed Demon', description: 'A secret: reach the snake\u2019s top speed.', icon: badge('#d35400', CLOCK, solid('M4 12h2v1H4z')),
      points: 20, hidden: true, reward: 40, how: 'The snake speeds up with every apple; keep eating until it stops getting faster.' },
  ],
} satisfies GameAchievements;
