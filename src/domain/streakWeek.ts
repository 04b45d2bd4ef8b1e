/** The days of a week the streak page draws as a row of marks. */
export const STREAK_WEEK_DAYS = 7;

/**
 * How many of the week's marks a streak of `current` days fills: a week fills up, and day 8 starts the
 * next week's row at one, so a long streak still shows the next goal instead of a full row for ever.
 */
export function streakWeekFilled(current: number): number {
  if (!Number.isFinite(current) || current < 1) return 0;
  return ((Math.floor(current) - 1) % STREAK_WEEK_DAYS) + 1;
}
