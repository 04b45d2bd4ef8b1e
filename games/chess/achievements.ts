// The achievements of Chess (issue 29). The shortest win against the computer takes a few moves of a
// few seconds: half a win a second is more than any real play.
import type { GameAchievements } from '../../src/domain/achievementDeclaration.ts';
import { badge, line, solid, STAR, TROPHY } from '../shared/achievementIcon.ts';

const PAWN = solid('M12 5a2.5 2.5 0 0 0-1.5 4.5L9 15h6l-1.5-5.5A2.5 2.5 0 0 0 12 5zM7 17h10v2H7z');

export const achievements = {
  stats: [{ name: 'wins', kind: 'total', maxPerSecond: 0.5 }],
  achievements: [
    { id: 'first-win', title: 'Checkmate', description: 'Beat the computer once.', icon: badge('#5d4037', PAWN),
      points: 10, hidden: false, stat: { name: 'wins', threshold: 1 }, reward: 30, how: 'Win a game at any level.' },
    { id: 'beat-hard', title: 'Deep Thinker', description: 'Beat the computer at its hardest level.', icon: badge('#3e2723', TROPHY),
      points: 50, hidden: false, reward: 150, how: 'Choose the hardest level and win.' },
    { id: 'promote', title: 'Promotion', description: 'Promote a pawn to a queen.', icon: badge('#795548', STAR),
      points: 15, hidden: false, reward: 30, how: 'Walk a pawn to the far row.' },
    { id: 'wins-10', title: 'Club Player', description: 'Win 10 games.', icon: badge('#4e342e', PAWN, line('M4 4h4M16 4h4')),
      points: 30, hidden: false, stat: { name: 'wins', threshold: 10 }, reward: 100, how: 'Ten wins at any levels.' },
    { id: 'castle', title: 'Safe and Sound', description: 'A secret: tuck your king away.', icon: badge('#607d8b', solid('M6 19h12v-2H6zM7 16h10l-1-7h-8zM7 5h2v3H7zM11 5h2v3h-2zM15 5h2v3h-2z')),
      points: 10, hidden: true, reward: 20, how: 'Castle on either side.' },
  ],
} satisfies GameAchievements;
