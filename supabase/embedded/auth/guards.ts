// The rate limits more than one flow draws on, counted per device or per e-mail address as GoTrue's
// defaults are: sign-ups and sign-ins share one budget, so do the checks of mailed links and codes and
// of second-factor codes, and every mail to one address (a sign-up's, a resend's, a reset's).
import type { AuthRateLimits } from '../limits.ts';
import { WindowLimiter, type Refusal } from '../rate-limit.ts';
import { currentClient } from '../request-scope.ts';
import { tooMany } from './protocol.ts';

export const MINUTE = 60_000;

export class AuthGuards {
  /** Per client address: sign-ups and sign-ins, and checks of codes and links. */
  private readonly signIns: WindowLimiter;
  private readonly verifications: WindowLimiter;
  /** Per e-mail address: mails, at most one a minute. */
  private readonly mails: WindowLimiter;
  private readonly mailGap = new WindowLimiter(1, MINUTE);

  constructor(limits: AuthRateLimits) {
    this.signIns = new WindowLimiter(limits.sign_in_sign_ups, 5 * MINUTE);
    this.verifications = new WindowLimiter(limits.token_verifications, 5 * MINUTE);
    this.mails = new WindowLimiter(limits.email_sent, 60 * MINUTE);
  }

  limitSignIns(): void {
    const refused = this.signIns.take(currentClient());
    if (refused) throw tooMany('over_request_rate_limit', (wait) => `Too many sign-ins and sign-ups from this device. Try again in ${wait}.`, refused.retryAfterSeconds);
  }

  limitVerifications(): void {
    const refused = this.verifications.take(currentClient());
    if (refused) throw tooMany('over_request_rate_limit', (wait) => `Too many codes checked from this device. Try again in ${wait}.`, refused.retryAfterSeconds);
  }

  /** Null when one more mail to `email` is allowed now (and it is counted), else when to try again. */
  mailAllowed(email: string): Refusal | null {
    if (this.mailGap.count(email) > 0) return this.mailGap.take(email);
    const hourly = this.mails.take(email);
    if (hourly) return hourly;
    this.mailGap.take(email);
    return null;
  }
}
