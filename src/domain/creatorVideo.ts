// What a creator may enter for a video, checked before anything is sent; the database has the same
// rules as constraints (creator_videos_*).
import type { FieldErrors } from './fieldErrors.ts';

export const TITLE_REQUIRED = 'Give the video a title.';
export const TITLE_TOO_LONG = 'A title can be at most 200 characters.';
export const URL_INVALID = 'Paste the full https:// link to the video.';
export const DESCRIPTION_TOO_LONG = 'A description can be at most 2000 characters.';

export interface VideoInput {
  title: string;
  url: string;
  appId: string;
  description: string;
}

/** True for an https:// address with a host and no spaces, at most 500 characters. */
export function isHttpsUrl(value: string): boolean {
  const text = value.trim();
  if (text.length > 500 || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

export function validateVideo({ title, url, description }: VideoInput): FieldErrors<'title' | 'url' | 'description'> {
  const errors: FieldErrors<'title' | 'url' | 'description'> = {};
  const t = title.trim();
  if (t === '') errors.title = TITLE_REQUIRED;
  else if (t.length > 200) errors.title = TITLE_TOO_LONG;
  if (!isHttpsUrl(url)) errors.url = URL_INVALID;
  if (description.trim().length > 2000) errors.description = DESCRIPTION_TOO_LONG;
  return errors;
}
