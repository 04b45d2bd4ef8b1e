// What a student may send when applying for the creator tools, checked before anything is sent.
// submit_creator_application refuses the same input with the same words, and alone holds the limits
// (app_private.creator_application_refusal); the form states them so no refusal comes as a surprise.
import { HANDLE_INVALID, isPlatform, normalizeHandle, PLATFORM_INVALID } from './creatorSocial.ts';
import type { FieldErrors } from './fieldErrors.ts';

export const PITCH_MAX_LENGTH = 500;
export const APPLICATION_LIMITS = { perPeriod: 3, periodDays: 30, daysAfterDecline: 7 } as const;

export const PITCH_REQUIRED = 'Say in a few words what you want to make.';
export const PITCH_TOO_LONG = `Your pitch can be at most ${PITCH_MAX_LENGTH} characters.`;
export const PITCH_DIRECTION = 'Your pitch cannot contain text-direction controls.';
export const CHANNEL_HANDLE_REQUIRED = "Enter your channel's handle, or choose no channel.";
export const APPLYING_NEEDS_CONNECTION =
  'Applying needs a connection, and the portal cannot be reached right now. What you wrote stays here: send it once you are back online.';

export interface ApplicationInput {
  pitch: string;
  /** A platform id of creatorSocial's PLATFORMS, or '' for no channel. */
  platform: string;
  handle: string;
}

/** Characters that make text read in another order than it was written (as app_private.text_problem). */
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
/** White space and zero-width characters: a pitch of nothing else shows as a blank. */
const INVISIBLE = /[\s\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u2060-\u2064\u3000\ufeff]/g;

/** Characters as the database counts them (code points), not UTF-16 units. */
export function pitchLength(pitch: string): number {
  return [...pitch.trim()].length;
}

export function validateApplication({ pitch, platform, handle }: ApplicationInput): FieldErrors<'pitch' | 'platform' | 'handle'> {
  const errors: FieldErrors<'pitch' | 'platform' | 'handle'> = {};
  const text = pitch.trim();
  if (DIRECTION_CONTROLS.test(text)) errors.pitch = PITCH_DIRECTION;
  else if (text.replace(INVISIBLE, '') === '') errors.pitch = PITCH_REQUIRED;
  else if (pitchLength(text) > PITCH_MAX_LENGTH) errors.pitch = PITCH_TOO_LONG;
  if (platform === '') return errors;
  if (!isPlatform(platform)) errors.platform = PLATFORM_INVALID;
  const name = normalizeHandle(handle);
  if (name === '') errors.handle = CHANNEL_HANDLE_REQUIRED;
  else if (name.length > 100 || !/^[A-Za-z0-9_.-]+$/.test(name)) errors.handle = HANDLE_INVALID;
  return errors;
}

/** The limits in a sentence, for the form. */
export function describeLimits(): string {
  const { perPeriod, periodDays, daysAfterDecline } = APPLICATION_LIMITS;
  return `One application at a time. After a decline, wait ${daysAfterDecline} days before applying again; at most ${perPeriod} applications in ${periodDays} days, withdrawn ones included.`;
}
