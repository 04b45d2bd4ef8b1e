// What a creator may enter, checked before anything is sent; the database has the same rules as
// constraints (creator_socials_platform, creator_socials_handle_format, creator_videos_*).

export const PLATFORMS = [
  { id: 'youtube', label: 'YouTube' },
  { id: 'tiktok', label: 'TikTok' },
  { id: 'twitch', label: 'Twitch' },
  { id: 'instagram', label: 'Instagram' },
  { id: 'x', label: 'X' },
  { id: 'other', label: 'Other' },
] as const;

export type Platform = (typeof PLATFORMS)[number]['id'];

export const NOT_A_CREATOR =
  'Creator tools are for approved creators. To be approved, ask your teacher or the people who run this portal, and give them your username (it is on your profile page).';

export const HANDLE_REQUIRED = 'Enter your handle or channel id.';
export const HANDLE_INVALID = 'A handle is up to 100 letters, digits, _ . or - (leave out the @ and the web address).';
export const PLATFORM_INVALID = 'Choose a platform.';
export const TITLE_REQUIRED = 'Give the video a title.';
export const TITLE_TOO_LONG = 'A title can be at most 200 characters.';
export const URL_INVALID = 'Paste the full https:// link to the video.';
export const DESCRIPTION_TOO_LONG = 'A description can be at most 2000 characters.';

export function platformLabel(platform: string): string {
  return PLATFORMS.find((p) => p.id === platform)?.label ?? platform;
}

export function isPlatform(value: string): value is Platform {
  return PLATFORMS.some((p) => p.id === value);
}

/** The handle as stored: without a leading @ or surrounding spaces. */
export function normalizeHandle(handle: string): string {
  return handle.trim().replace(/^@+/, '');
}

export interface SocialInput {
  platform: string;
  handle: string;
}

export type Errors<K extends string> = Partial<Record<K, string>>;

export function validateSocial({ platform, handle }: SocialInput): Errors<'platform' | 'handle'> {
  const errors: Errors<'platform' | 'handle'> = {};
  if (!isPlatform(platform)) errors.platform = PLATFORM_INVALID;
  const normalized = normalizeHandle(handle);
  if (normalized === '') errors.handle = HANDLE_REQUIRED;
  else if (normalized.length > 100 || !/^[A-Za-z0-9_.-]+$/.test(normalized)) errors.handle = HANDLE_INVALID;
  return errors;
}

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

export function validateVideo({ title, url, description }: VideoInput): Errors<'title' | 'url' | 'description'> {
  const errors: Errors<'title' | 'url' | 'description'> = {};
  const t = title.trim();
  if (t === '') errors.title = TITLE_REQUIRED;
  else if (t.length > 200) errors.title = TITLE_TOO_LONG;
  if (!isHttpsUrl(url)) errors.url = URL_INVALID;
  if (description.trim().length > 2000) errors.description = DESCRIPTION_TOO_LONG;
  return errors;
}

/** Where a social account lives on the web, for a link; null for 'other'. */
export function socialProfileUrl(platform: string, handle: string): string | null {
  const h = encodeURIComponent(handle);
  switch (platform) {
    case 'youtube':
      return /^UC[A-Za-z0-9_-]{22}$/.test(handle) ? `https://www.youtube.com/channel/${h}` : `https://www.youtube.com/@${h}`;
    case 'tiktok':
      return `https://www.tiktok.com/@${h}`;
    case 'twitch':
      return `https://www.twitch.tv/${h}`;
    case 'instagram':
      return `https://www.instagram.com/${h}`;
    case 'x':
      return `https://x.com/${h}`;
    default:
      return null;
  }
}
