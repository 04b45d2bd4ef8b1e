// The achievements of Keyboard Sprint (issue 29). 300 words a minute, 5 a second, is beyond the world
// record; the score's own pace (58.4 a second) is the same bound in points.
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { badge, line, solid, BOLT, CLOCK, TROPHY } from '../shared/achievementIcon.ts';

const KEYS = solid('M4 8h4v4H4zM10 8h4v4h-4zM16 8h4v4h-4zM6 14h12v3H6z');

export const achievements = {
  stats: [
    { name: 'words', kind: 'total', maxPerSecond: 5 },
    { name: 'wpm', kind: 'max', maxPerSecond: 5 },
  ],
  achievements: [
    { id: 'first-passage', title: 'First Lap', description: 'Finish your first passage.', icon: badge('#17a589', KEYS),
      points: 5, hidden: false, reward: 10, how: 'Type one passage to the end.' },
    { id: 'wpm-40', title: 'Swift Fingers', description: 'Type at 40 words a minute.', icon: badge('#148f77', BOLT),
      points: 20, hidden: false, stat: { name: 'wpm', threshold: 40 }, reward: 50, how: 'Finish a passage at 40 words a minute or more.' },
    { id: 'wpm-70', title: 'Lightning Keys', description: 'Type at 70 words a minute.', icon: badge('#0e6251', TROPHY),
      points: 40, hidden: false, stat: { name: 'wpm', threshold: 70 }, reward: 120, how: 'Finish a passage at 70 words a minute or more.' },
    { id: 'words-5000', title: 'Novelist', description: 'Type 5,000 words over all your sprints.', icon: badge('#1b2631', line('M6 4h9l3 3v13H6zM9 10h6M9 14h6')),
      points: 30, hidden: false, stat: { name: 'words', threshold: 5000 }, reward: 100, how: 'Keep playing: every word counts.' },
    { id: 'flawless', title: 'Flawless', description: 'A secret: not a single slip.', icon: badge('#b7950b', CLOCK),
      points: 20, hidden: true, reward: 40, how: 'Finish a passage at 100% accuracy.' },
  ],
} satisfies GameAchievements;
