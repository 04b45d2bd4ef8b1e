// Whether the device clock is off: streak claims are timed by the server, so a student whose clock is
// off should know why "claim" opens at a different moment than expected.

/** More than this much difference between the clocks counts as wrong (it also catches a wrong hour or zone setting). */
export const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;

export function clockWarning(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60000);
  const amount = minutes >= 90 ? `${Math.round(minutes / 60)} hours` : `${minutes} minutes`;
  const direction = offsetMs > 0 ? 'ahead' : 'behind';
  return `Your device clock looks ${amount} ${direction}. Streak claims use the server's time, so your next claim may open at a different time than your clock suggests.`;
}

/** The UTC instant in a time source's answer: JSON { utc } (also utc_datetime / datetime), else its Date header. */
export function parseServerTime(body: unknown, dateHeader: string | null): Date | null {
  if (body !== null && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const field of ['utc', 'utc_datetime', 'datetime', 'dateTime']) {
      const value = record[field];
      if (typeof value === 'string') {
        const parsed = new Date(value);
        if (!Number.isNaN(parsed.getTime())) return parsed;
      }
    }
  }
  if (dateHeader !== null) {
    const parsed = new Date(dateHeader);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return null;
}

/** Device minus server, in milliseconds; 0 when within tolerance. */
export function clockOffset(server: Date, device: Date, toleranceMs: number = CLOCK_TOLERANCE_MS): number {
  const offset = device.getTime() - server.getTime();
  return Math.abs(offset) > toleranceMs ? offset : 0;
}
