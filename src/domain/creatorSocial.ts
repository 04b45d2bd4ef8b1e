// The social accounts a creator may add, checked before anything is sent; the database has the same
// rules as constraints (creator_socials_platform, creator_socials_handle_format).
import type { FieldErrors } from './fieldErrors.ts';

export const PLATFORMS = [
  { id: 'youtube', label: 'YouTube' },
  { id: 'tiktok', label: 'TikTok' },
  { id: 'twitch', label: 'Twitch' },
  { id: 'instagram', label: 'Instagram' },
  { id: 'x', label: 'X' },
  { id: 'other', label: 'Other' },
] as const;

export type Platform = (typeof PLATFORMS)[number]['id'];

export const HANDLE_REQUIRED = 'Enter your handle or channel id.';
export const HANDLE_INVALID = 'A handle is up to 100 letters, digits, _ . or - (leave out the @ and the web address).';
export const PLATFORM_INVALID = 'Choose a platform.';

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

export function validateSocial({ platform, handle }: SocialInput): FieldErrors<'platform' | 'handle'> {
  const errors: FieldErrors<'platform' | 'handle'> = {};
  if (!isPlatform(platform)) errors.platform = PLATFORM_INVALID;
  const normalized = normalizeHandle(handle);
  if (normalized === '') errors.handle = HANDLE_REQUIRED;
  else if (normalized.length > 100 || !/^[A-Za-z0-9_.-]+$/.test(normalized)) errors.handle = HANDLE_INVALID;
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
