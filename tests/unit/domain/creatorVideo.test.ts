import { describe, expect, it } from 'vitest';
import { isHttpsUrl, TITLE_REQUIRED, URL_INVALID, validateVideo } from '../../../src/domain/creatorVideo.ts';

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
