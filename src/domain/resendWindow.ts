/**
 * How long the outbox may send again an action it has already sent once. The server keeps each
 * client id's first result for 35 days (app_private.sweep_old_rows) so that a replay after a lost
 * answer applies nothing twice; past that, a replay of an id the server has forgotten would apply
 * again. So an item sent before and still unconfirmed 28 days after it was queued is not sent again:
 * it is parked, and the server's data, read back after it, shows whether it was applied. The 7 days
 * between the two absorb a device clock that moved meanwhile. An item never sent cannot be a replay,
 * so it is sent however old it is (a device offline over the holidays loses nothing).
 */
export const RESEND_WINDOW_DAYS = 28;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The fields of an outbox row this rule reads. */
export interface SentWork {
  /** How many times it was handed to the server. */
  attempts: number;
  /** When it was queued, in ms since the epoch (the device's clock). */
  createdAt: number;
}

export function mayResend(item: SentWork, now: number): boolean {
  return item.attempts === 0 || now - item.createdAt < RESEND_WINDOW_DAYS * DAY_MS;
}
