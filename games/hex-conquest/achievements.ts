// The achievements of Hex Conquest (issue 29). A game takes dozens of moves: half a win a second is
// far above real play.
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { badge, line, solid, STAR, TROPHY } from '../shared/achievementIcon.ts';

const HEX = line('M12 4l7 4v8l-7 4-7-4V8z');

export const achievements = {
  stats: [{ name: 'wins', kind: 'total', maxPerSecond: 0.5 }],
  achievements: [
    { id: 'first-win', title: 'Hex Marks the Spot', description: 'Win a game against the computer.', icon: badge('#cb4335', HEX),
      points: 10, hidden: false, stat: { name: 'wins', threshold: 1 }, reward: 25, how: 'Hold more hexagons than the computer when the board fills.' },
    { id: 'big-turn', title: 'Landslide', description: 'Turn 5 pieces with a single move.', icon: badge('#943126', STAR),
      points: 20, hidden: false, reward: 40, how: 'Move next to a cluster of five or more of the computer\u2019s pieces.' },
    { id: 'shutout', title: 'Clean Board', description: 'Win with none of the computer\u2019s pieces left.', icon: badge('#641e16', TROPHY),
      points: 40, hidden: false, reward: 100, how: 'Take every one of the computer\u2019s pieces.' },
    { id: 'wins-10', title: 'Conqueror', description: 'Win 10 games.', icon: badge('#78281f', HEX, solid('M10 10h4v4h-4z')),
      points: 30, hidden: false, stat: { name: 'wins', threshold: 10 }, reward: 100, how: 'Ten wins over as many days as it takes.' },
    { id: 'long-jump', title: 'Leapfrog', description: 'A secret: there is more than one way to move.', icon: badge('#1a5276', line('M5 16c2-8 12-8 14 0')),
      points: 10, hidden: true, reward: 20, how: 'Jump a piece two hexagons instead of growing.' },
  ],
} satisfies GameAchievements;
