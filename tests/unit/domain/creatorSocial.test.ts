import { describe, expect, it } from 'vitest';
import { HANDLE_INVALID, HANDLE_REQUIRED, normalizeHandle, PLATFORM_INVALID, socialProfileUrl, validateSocial } from '../../../src/domain/creatorSocial.ts';

describe('social accounts', () => {
  it('accepts a handle with or without its @, and a channel id', () => {
    expect(validateSocial({ platform: 'youtube', handle: '@hollow.plays' })).toEqual({});
    expect(normalizeHandle('  @hollow.plays ')).toBe('hollow.plays');
    expect(validateSocial({ platform: 'youtube', handle: 'UC1234567890abcdefghijkl' })).toEqual({});
  });

  it('refuses unknown platforms, empty handles and handles with spaces, slashes or over 100 characters', () => {
    expect(validateSocial({ platform: 'myspace', handle: 'ann' }).platform).toBe(PLATFORM_INVALID);
    expect(validateSocial({ platform: 'x', handle: ' @ ' }).handle).toBe(HANDLE_REQUIRED);
    expect(validateSocial({ platform: 'x', handle: 'two words' }).handle).toBe(HANDLE_INVALID);
    expect(validateSocial({ platform: 'x', handle: 'https://x.com/ann' }).handle).toBe(HANDLE_INVALID);
    expect(validateSocial({ platform: 'x', handle: 'a'.repeat(101) }).handle).toBe(HANDLE_INVALID);
  });

  it('links a handle to its platform page, and a YouTube channel id to the channel', () => {
    expect(socialProfileUrl('youtube', 'ann')).toBe('https://www.youtube.com/@ann');
    expect(socialProfileUrl('youtube', 'UC1234567890abcdefghijkl')).toBe('https://www.youtube.com/channel/UC1234567890abcdefghijkl');
    expect(socialProfileUrl('twitch', 'ann')).toBe('https://www.twitch.tv/ann');
    expect(socialProfileUrl('other', 'ann')).toBeNull();
  });
});
