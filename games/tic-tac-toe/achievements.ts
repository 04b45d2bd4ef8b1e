// The achievements of Tic Tac Toe (issue 29). A game is at least three moves of each side: a win a
// second is more than any hand.
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { badge, line, CLOCK, TROPHY } from '../shared/achievementIcon.ts';

const X = line('M7 7l10 10M17 7L7 17');
const O = line('M12 6a6 6 0 1 0 0 12 6 6 0 0 0 0-12z');

export const achievements = {
  stats: [
    { name: 'wins', kind: 'total', maxPerSecond: 1 },
    { name: 'draws', kind: 'total', maxPerSecond: 1 },
  ],
  achievements: [
    { id: 'first-win', title: 'Three in a Row', description: 'Win a game.', icon: badge('#16a085', X),
      points: 5, hidden: false, stat: { name: 'wins', threshold: 1 }, reward: 10, how: 'Beat the computer on easy.' },
    { id: 'hold-unbeatable', title: 'Stalemate', description: 'Draw against the unbeatable computer.', icon: badge('#0e6655', O),
      points: 15, hidden: false, stat: { name: 'draws', threshold: 1 }, reward: 30, how: 'Play unbeatable and block every line.' },
    { id: 'draws-10', title: 'Brick Wall', description: 'Draw 10 games.', icon: badge('#117a65', line('M4 8h16M4 16h16M9 8v8M15 8v8')),
      points: 25, hidden: false, stat: { name: 'draws', threshold: 10 }, reward: 60, how: 'Ten draws, on any level.' },
    { id: 'wins-50', title: 'Grid Champion', description: 'Win 50 games.', icon: badge('#0b5345', TROPHY),
      points: 30, hidden: false, stat: { name: 'wins', threshold: 50 }, reward: 100, how: 'Fifty wins over as many days as it takes.' },
    { id: 'corner-trap', title: 'The Fork', description: 'A secret: set up two lines at once.', icon: badge('#a04000', CLOCK),
      points: 15, hidden: true, reward: 30, how: 'Make a move that threatens two lines and win with one of them.' },
  ],
} satisfies GameAchievements;
