import type { TopListName } from '../../data/leaderboards.ts';

export interface TopList {
  name: TopListName;
  title: string;
  /** How a value reads: '12 days'. */
  unit: (value: number) => string;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The four boards in the order the page shows them. */
export const TOP_LISTS: readonly TopList[] = [
  { name: 'topStreaks', title: 'Top streaks', unit: (n) => plural(n, 'day', 'days') },
  { name: 'topTimeSpent', title: 'Most time played', unit: (n) => plural(n, 'minute', 'minutes') },
  { name: 'topAppsPlayed', title: 'Most games played', unit: (n) => plural(n, 'game', 'games') },
  { name: 'topCoinsThisWeek', title: 'Most Dabloons this week', unit: (n) => plural(n, 'Dabloon', 'Dabloons') },
];
