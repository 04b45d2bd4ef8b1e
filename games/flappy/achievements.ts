// The achievements of Flappy (issue 29). A pipe passes at most once a second at the game's fastest,
// the same bound as its score (1.03 a second).
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { badge, dot, line, solid, TROPHY } from '../shared/achievementIcon.ts';

export const achievements = {
  stats: [
    { name: 'pipes', kind: 'max', maxPerSecond: 1.03 },
    { name: 'flights', kind: 'total', maxPerSecond: 1 },
  ],
  achievements: [
    { id: 'first-pipe', title: 'Lift Off', description: 'Fly through your first pipe.', icon: badge('#f4d03f', solid('M6 4h3v7H6zM6 15h3v5H6z'), dot(15, 12, 3)),
      points: 5, hidden: false, stat: { name: 'pipes', threshold: 1 }, reward: 10, how: 'Tap to flap through one gap.' },
    { id: 'pipes-10', title: 'Frequent Flyer', description: 'Pass 10 pipes in one flight.', icon: badge('#d4ac0d', line('M4 14c4-6 12-6 16 0'), dot(12, 10, 2)),
      points: 15, hidden: false, stat: { name: 'pipes', threshold: 10 }, reward: 40, how: 'Short, even taps: pass ten gaps in a row.' },
    { id: 'pipes-50', title: 'Sky High', description: 'Pass 50 pipes in one flight.', icon: badge('#9a7d0a', TROPHY),
      points: 40, hidden: false, stat: { name: 'pipes', threshold: 50 }, reward: 120, how: 'Fifty gaps in one flight; the gaps do not get smaller.' },
    { id: 'flights-100', title: 'Never Grounded', description: 'Start 100 flights.', icon: badge('#5d6d7e', line('M3 17l8-3 10-8-7 12-3-3z')),
      points: 20, hidden: false, stat: { name: 'flights', threshold: 100 }, reward: 60, how: 'Play 100 games of Flappy; every crash is one more flight.' },
    { id: 'ground-hug', title: 'Ground Hug', description: 'A secret: crash without a single flap.', icon: badge('#7b241c', line('M4 18h16M9 14l3 3 3-3')),
      points: 10, hidden: true, reward: 20, how: 'Start a flight and do not tap at all.' },
  ],
} satisfies GameAchievements;
