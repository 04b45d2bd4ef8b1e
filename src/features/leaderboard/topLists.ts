import type { TopListName } from '../../state/leaderboard.ts';

export interface TopList {
  name: TopListName;
  title: string;
  /** How a value reads: '12 days'. */
  unit: (value: number) => string;
  /** What puts a student on an empty board: every board counts something a student does, none is a dead end. */
  howToJoin: string;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The four boards in the order the page shows them. */
export const TOP_LISTS: readonly TopList[] = [
  { name: 'topStreaks', title: 'Top streaks', unit: (n) => plural(n, 'day', 'days'), howToJoin: 'Claim your daily streak to be the first here.' },
  {
    name: 'topTimeSpent',
    title: 'Most time played',
    unit: (n) => plural(n, 'minute', 'minutes'),
    howToJoin: 'Time counts in steps of 5 minutes of play: play for 5 minutes to be the first here.',
  },
  { name: 'topAppsPlayed', title: 'Most games played', unit: (n) => plural(n, 'game', 'games'), howToJoin: 'Open a game to be the first here.' },
  { name: 'topCoinsThisWeek', title: 'Most Dabloons this week', unit: (n) => plural(n, 'Dabloon', 'Dabloons'), howToJoin: 'Earn Dabloons this week to be the first here.' },
];
