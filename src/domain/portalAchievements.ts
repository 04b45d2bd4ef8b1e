// The portal's own achievements (issue 29): no game unlocks these; the server grants each when its
// condition happens (app_private.grant_portal_achievement and the triggers that call it). The ids are
// the contract between those triggers and this list.
import type { AchievementDeclaration } from './achievementDeclaration.ts';

const disc = (colour: string, shape: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="${colour}"/>${shape}</svg>`;
const line = (d: string): string =>
  `<path d="${d}" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`;

export const PORTAL_ACHIEVEMENTS: readonly AchievementDeclaration[] = [
  { id: 'streak-7', title: 'Week Streak', description: 'Claim your daily streak 7 days in a row.', icon: disc('#e67e22', line('M12 4c3 4 5 6 5 9a5 5 0 0 1-10 0c0-2 1-3 2-4 0 2 1 3 2 3 0-3-1-5 1-8z')),
    points: 20, hidden: false, reward: 100, how: 'Claim the streak on seven days running; the seventh claim grants it.' },
  { id: 'first-approved-score', title: 'On the Board', description: 'Have a score approved by a moderator.', icon: disc('#2e86c1', line('M5 19V9M10 19V5M15 19v-7M20 19H4')),
    points: 15, hidden: false, reward: 50, how: 'Send a score with its screenshot; it is granted when a moderator approves it.' },
  { id: 'first-friend-game', title: 'Good Game', description: 'Finish a game against a friend.', icon: disc('#8e44ad', line('M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 19c0-3 2-5 5-5s5 2 5 5M11 19c0-3 2-5 5-5s5 2 5 5')),
    points: 15, hidden: false, reward: 50, how: 'Invite a friend to a match and play it to the end.' },
  { id: 'ten-games', title: 'Explorer', description: 'Play ten different games.', icon: disc('#27ae60', line('M12 4a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM15 9l-2 4-4 2 2-4z')),
    points: 15, hidden: false, reward: 50, how: 'Open ten different games of the catalogue.' },
];
