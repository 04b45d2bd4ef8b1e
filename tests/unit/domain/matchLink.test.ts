import { describe, expect, it } from 'vitest';
import { matchLink, matchLinkCode, matchLinkPath } from '../../../src/domain/matchLink.ts';

const code = 'Ab3_-Zz9Ab3_-Zz9';

describe('matchLink and matchLinkCode', () => {
  it('makes a link whose last segment gives its code back, with or without a trailing slash on the origin', () => {
    expect(matchLink('https://portal.example', code)).toBe(`https://portal.example/play/join/${code}`);
    expect(matchLink('https://portal.example/', code)).toBe(`https://portal.example/play/join/${code}`);
    expect(matchLinkCode(new URL(matchLink('http://127.0.0.1:5173', code)).pathname.split('/').pop())).toBe(code);
    expect(matchLinkPath(code)).toBe(`/play/join/${code}`);
  });

  it('refuses what is not a code: too short, too long, other characters, nothing', () => {
    expect(matchLinkCode(code.slice(1))).toBeNull();
    expect(matchLinkCode(code + 'x')).toBeNull();
    expect(matchLinkCode('Ab3_-Zz9Ab3_-Zz+')).toBeNull();
    expect(matchLinkCode('')).toBeNull();
    expect(matchLinkCode(undefined)).toBeNull();
  });
});
