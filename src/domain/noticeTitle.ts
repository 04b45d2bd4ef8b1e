// The spec's notices stay word for word (section 8), but several of them read like a developer's log line
// ("submitted appScoreForm!", "image without name? impossible") or name an item by its id alone. A toast
// shows them under a plain title a student understands; this file decides which title goes with which text.
import {
  APP_LIST_FAILED,
  IMAGE_WITHOUT_NAME,
  ITEM_ALREADY_OWNED,
  ITEM_NOT_FOUND,
  NO_URL_SESSION,
  NOT_ENOUGH_COINS,
  NOT_LOGGED_IN,
  PROFILE_FAILED,
  PROOF_UPLOAD_FAILED,
  PROOF_UPLOAD_FAILED_DETAIL,
  QUERY_MISSING,
  SCORE_INSERT_FAILED,
  SCORE_SUBMITTED,
  serverError,
} from './messages.ts';

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The spec's text, alone or followed by more (an item's name in brackets, a reason after a colon or a full stop). */
function spec(text: string): RegExp {
  return new RegExp(`^${escaped(text)}(?:$|[ .:(])`);
}

const TITLES: readonly (readonly [RegExp, string])[] = [
  [spec(SCORE_SUBMITTED), 'Score sent for review'],
  [/^Item \S+ unlocked(?:$| )/, 'New item unlocked'],
  [spec(IMAGE_WITHOUT_NAME), 'Your proof picture has no file name'],
  [spec(ITEM_NOT_FOUND), 'This item is not in the shop'],
  [spec(NOT_ENOUGH_COINS), 'You cannot afford this yet'],
  [spec(ITEM_ALREADY_OWNED), 'You already own this item'],
  [spec(PROOF_UPLOAD_FAILED_DETAIL), 'Your proof picture was not sent'],
  [spec(PROOF_UPLOAD_FAILED), 'Your proof picture was not sent'],
  [spec(SCORE_INSERT_FAILED), 'Your score was not saved'],
  [spec(NOT_LOGGED_IN), 'Sign in first'],
  [spec(NO_URL_SESSION), 'This sign-in link is incomplete'],
  [spec(QUERY_MISSING), 'Type something to search for'],
  [spec(APP_LIST_FAILED), 'The games could not be loaded'],
  [spec(PROFILE_FAILED), 'Your profile could not be loaded'],
  [new RegExp(`^${escaped(serverError(''))}`), 'Something went wrong on the server'],
];

/** The plain title to show above a notice, or null when its words are plain already. */
export function noticeTitle(text: string): string | null {
  for (const [pattern, title] of TITLES) if (pattern.test(text)) return title;
  return null;
}
