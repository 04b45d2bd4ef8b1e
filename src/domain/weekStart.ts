// Where "this week" begins for the boards: Monday 00:00 UTC, the start of the ISO week, the same instant
// for every student wherever they are. The server counts only whole periods (a week, a season): a window
// of a student's choosing could tell the moment a classmate gained coins (issue 20).

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Monday 00:00 UTC at or before `now`. */
export function weekStartUtc(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // getUTCDay: Sunday 0 ... Saturday 6; days since Monday: Monday 0 ... Sunday 6.
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}
