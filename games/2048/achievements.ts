// The achievements of 2048 (issue 29). best_tile is the largest tile of a run: every move adds one tile
// of 2 or 4, so the sum of the tiles, and the largest, grows by at most 4 a move; 10 moves a second is
// faster than anyone swipes, hence 40 a second.
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { badge, line, solid, STAR, TROPHY } from '../shared/achievementIcon.ts';

export const achievements = {
  stats: [{ name: 'best_tile', kind: 'max', maxPerSecond: 40 }],
  achievements: [
    { id: 'first-128', title: 'Warming Up', description: 'Make a 128 tile.', icon: badge('#e8a33d', solid('M6 6h5v5H6zM13 6h5v5h-5zM6 13h5v5H6z'), line('M13 13h5v5h-5z')),
      points: 5, hidden: false, stat: { name: 'best_tile', threshold: 128 }, reward: 10, how: 'Merge tiles up to 128; most first games get there.' },
    { id: 'tile-512', title: 'Half Way There', description: 'Make a 512 tile.', icon: badge('#d9822b', STAR),
      points: 10, hidden: false, stat: { name: 'best_tile', threshold: 512 }, reward: 25, how: 'Keep the biggest tile in a corner and merge towards it.' },
    { id: 'tile-2048', title: '2048!', description: 'Make the 2048 tile and win the game.', icon: badge('#c0392b', TROPHY),
      points: 40, hidden: false, stat: { name: 'best_tile', threshold: 2048 }, reward: 100, how: 'Win a game: the game unlocks it as the 2048 tile appears.' },
    { id: 'tile-4096', title: 'Beyond the End', description: 'Keep going after 2048 and make a 4096 tile.', icon: badge('#7d3c98', STAR, line('M4 20h16')),
      points: 60, hidden: false, stat: { name: 'best_tile', threshold: 4096 }, reward: 200, how: 'Press Keep going after 2048 and merge two 2048 tiles.' },
    { id: 'no-undo-corner', title: 'Cornered', description: 'A secret: fill the whole board and still find a move.', icon: badge('#2e4053', line('M5 5h14v14H5zM5 12h14M12 5v14')),
      points: 15, hidden: true, reward: 30, how: 'With all 16 cells full, make a merge that keeps the game going.' },
  ],
} satisfies GameAchievements;
