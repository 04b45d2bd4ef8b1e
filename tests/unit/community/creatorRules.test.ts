import { describe, expect, it } from 'vitest';
import {
  HANDLE_INVALID,
  HANDLE_REQUIRED,
  isHttpsUrl,
  normalizeHandle,
  PLATFORM_INVALID,
  socialProfileUrl,
  TITLE_REQUIRED,
  URL_INVALID,
  validateSocial,
  validateVideo,
} from '../../../src/features/creator/creatorRules.ts';

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

describe('videos', () => {
  it('takes only https links', () => {
    expect(isHttpsUrl('https://video.example/watch?v=1')).toBe(true);
    expect(isHttpsUrl('http://video.example/1')).toBe(false);
    expect(isHttpsUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpsUrl('https://video.example/a b')).toBe(false);
    expect(isHttpsUrl(`https://video.example/${'a'.repeat(500)}`)).toBe(false);
  });

  it('needs a title and an https link', () => {
    expect(validateVideo({ title: ' ', url: 'ftp://x', appId: '', description: '' })).toEqual({ title: TITLE_REQUIRED, url: URL_INVALID });
    expect(validateVideo({ title: 'Speedrun', url: 'https://video.example/1', appId: 'snake', description: 'fast' })).toEqual({});
  });
});
