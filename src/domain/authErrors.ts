// The plain words for what the auth server refuses.
import { EMAIL_INVALID, PASSWORD_TOO_SHORT } from './credentials.ts';

export const WRONG_CREDENTIALS = 'Wrong e-mail or password.';
export const ALREADY_REGISTERED = 'There is already an account with this e-mail. Sign in instead.';
export const SAME_PASSWORD = 'The new password must be different from the old one.';
export const INVALID_CODE = 'That code is not right. Check the app and try the newest code.';
export const OFFLINE = 'You are offline. Connect to the internet and try again.';
/** An action asked for before the data runtime has loaded. */
export const STARTING = 'The portal is still starting. Try again in a moment.';
export const RESET_CODE_WRONG = 'That code is wrong or has expired. Use the code in the newest reset mail, or ask for a new mail.';
export const EMAIL_NOT_CONFIRMED = 'Open the link in the mail we sent you to finish creating your account, then sign in.';

/** What to tell the student about an auth error: the known refusals in plain words, else the server's text. */
export function authErrorMessage(error: { code?: string | undefined; message: string; status?: number | undefined }): string {
  switch (error.code) {
    case 'invalid_credentials':
      return WRONG_CREDENTIALS;
    case 'user_already_exists':
    case 'email_exists':
      return ALREADY_REGISTERED;
    case 'weak_password':
      // Too short has our own words; a long password refused as easy to guess keeps the server's reason.
      return /at least|length/i.test(error.message) ? PASSWORD_TOO_SHORT : error.message;
    case 'same_password':
      return SAME_PASSWORD;
    case 'mfa_verification_failed':
      return INVALID_CODE;
    case 'email_not_confirmed':
      return EMAIL_NOT_CONFIRMED;
    case 'otp_expired':
      return RESET_CODE_WRONG;
    case 'validation_failed':
      if (/email/i.test(error.message)) return EMAIL_INVALID;
  }
  // supabase-js reports an unreachable server as a fetch failure without an HTTP status.
  if (error.status === 0 || /failed to fetch|network|load failed/i.test(error.message)) return OFFLINE;
  return error.message;
}
