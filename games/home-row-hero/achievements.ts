// The achievements of Home Row Hero (issue 29). 15 keys a second is beyond the fastest typists.
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { badge, line, solid, STAR, TROPHY } from '../shared/achievementIcon.ts';

const ROW = solid('M3 10h3v4H3zM7.5 10h3v4h-3zM13.5 10h3v4h-3zM18 10h3v4h-3z');

export const achievements = {
  stats: [
    { name: 'keys', kind: 'total', maxPerSecond: 15 },
    { name: 'lesson', kind: 'max', maxPerSecond: 1 },
  ],
  achievements: [
    { id: 'first-lesson', title: 'Home Sweet Home', description: 'Finish your first lesson.', icon: badge('#ca6f1e', ROW),
      points: 5, hidden: false, stat: { name: 'lesson', threshold: 1 }, reward: 10, how: 'Finish the first lesson, F and J.' },
    { id: 'lesson-4', title: 'All Eight Fingers', description: 'Reach the lesson with every home-row key.', icon: badge('#a04000', STAR),
      points: 20, hidden: false, stat: { name: 'lesson', threshold: 4 }, reward: 50, how: 'Finish lessons one to four.' },
    { id: 'keys-2000', title: 'Keen Keys', description: 'Press 2,000 right keys.', icon: badge('#873600', line('M5 6h14v12H5zM9 10h6M9 14h6')),
      points: 25, hidden: false, stat: { name: 'keys', threshold: 2000 }, reward: 80, how: 'Keep practising: every right key counts.' },
    { id: 'keys-10000', title: 'Touch Typist', description: 'Press 10,000 right keys.', icon: badge('#6e2c00', TROPHY),
      points: 40, hidden: false, stat: { name: 'keys', threshold: 10000 }, reward: 150, how: 'A few weeks of practice.' },
    { id: 'eyes-closed', title: 'No Peeking', description: 'A secret: a whole lesson with no wrong key.', icon: badge('#1c2833', line('M3 12c4-5 14-5 18 0M7 15l-1 2M12 16v2M17 15l1 2')),
      points: 15, hidden: true, reward: 30, how: 'Finish any lesson without one wrong key.' },
  ],
} satisfies GameAchievements;
