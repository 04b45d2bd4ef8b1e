// The user-visible texts of the spec's error catalogue (section 8) and success notices.
// They are matched word for word by users' expectations and by tests, so keep them exact.

export const NOT_LOGGED_IN = 'Hey! You Must Be Logged In To Do That!';
/** What an action yields (not what it shows) when nobody is signed in. */
export const NOT_LOGGED_IN_RESULT = 'not logged in';
export const NOT_ENOUGH_COINS = 'not enough coins';
export const ITEM_NOT_FOUND = 'item not found from consts';
export const IMAGE_WITHOUT_NAME = 'image without name? impossible';
export const NO_URL_SESSION = 'No session defined in URL';
export const QUERY_MISSING = 'FATAL ERROR! No query given';
export const APP_LIST_FAILED =
  'Error getting apps, SUPABASE failed. Please contact support! We are happy to try and fix this for you.';
export const ITEM_ALREADY_OWNED = 'Item not unlocked, You already have it';
export const PROOF_UPLOAD_FAILED = 'failed to submit image for high score';
export const PROOF_UPLOAD_FAILED_DETAIL = 'Failed to insert image of high score, deleting high score upload now.';
export const SCORE_INSERT_FAILED = 'Failed to insert the high score.';
export const PROFILE_FAILED = 'Failed to get profile, and failed to create profile';

const SERVER_ERROR_PREFIX = 'server error: ';

export function serverError(message: string): string {
  return SERVER_ERROR_PREFIX + message;
}

export const PROFILE_ICON_CHANGED = 'Profile icon changed';
export const PROFILE_UPDATED = 'Profile updated';
export const ONBOARDING_COMPLETED = 'Onboarding completed';
export const SCORE_SUBMITTED = 'submitted appScoreForm!';

export function itemUnlocked(id: string | number): string {
  return `Item ${id} unlocked`;
}

export const NOTICE_DURATION_MS = 5000;
export const NOTICE_WIDTH_PX = 320;
export const NOTICE_POSITION = 'top-right';

// Texts the spec leaves open ("form field validation: not shown"), written so a student knows what to fix.

export const ITEM_NOT_OWNED = 'You do not own that item.';
export const ITEM_NOT_EQUIPPABLE = 'Only cursors, backgrounds and fonts can be equipped.';

export const USERNAME_REQUIRED = 'Please choose a username.';
export const USERNAME_INVALID = 'Usernames are 3 to 20 letters, digits, _ or -.';
export const ABOUT_NOT_TEXT = 'The about text must be text.';
export const ABOUT_TOO_LONG = 'The about text can be at most 500 characters.';
export const ABOUT_NUL_CHARACTER = 'The about text contains a character that cannot be saved.';

export const SCORE_NOT_WHOLE_NUMBER = 'The score must be a whole number.';
export const SCORE_NEGATIVE = 'The score cannot be negative.';
export const SCORE_TOO_HIGH = 'The score can be at most 1,000,000,000.';

export const PROOF_WRONG_TYPE = 'The proof must be a PNG, JPEG, WebP or GIF image.';
export const PROOF_EMPTY = 'The proof image is empty.';
export const PROOF_TOO_LARGE = 'The proof image can be at most 2 MB.';

export const COIN_AMOUNT_INVALID = 'A coin amount must be a whole number.';
export const COIN_AMOUNT_TOO_LARGE = 'A single coin transaction can move at most 1,000,000 coins.';

export const STREAK_CLAIM_TOO_SOON = 'You already claimed your streak today. Come back later!';

/** claim_battlepass_tier's words for a season that has not begun. */
export const PASS_NOT_STARTED = 'This battle pass has not started yet.';

/** claim_battlepass_tier's words for a tier not reached yet. */
export function tierNotReached(remaining: number, tier: number): string {
  return `Gain ${remaining} more coins this season to reach tier ${tier}.`;
}

/** Why an action sent once and unconfirmed for weeks is not sent again (src/domain/resendWindow.ts). */
export const RESEND_EXPIRED =
  'This change was sent weeks ago and never confirmed, so it was not sent again: it may already count. Your data shows what the server kept.';
