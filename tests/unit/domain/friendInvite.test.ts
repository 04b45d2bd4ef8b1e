import { describe, expect, it } from 'vitest';
import { inviteCodeFrom, inviteLink, inviteSummary } from '../../../src/domain/friendInvite.ts';

const code = 'Ab3_-Zz9Ab3_-Zz9';

describe('inviteLink and inviteCodeFrom', () => {
  it('makes a link that gives its code back, with or without a trailing slash on the origin', () => {
    expect(inviteLink('https://portal.example', code)).toBe(`https://portal.example/friends?invite=${code}`);
    expect(inviteLink('https://portal.example/', code)).toBe(`https://portal.example/friends?invite=${code}`);
    expect(inviteCodeFrom(inviteLink('http://127.0.0.1:5173', code))).toBe(code);
  });

  it('takes a pasted code with spaces around it', () => {
    expect(inviteCodeFrom(`  ${code}\n`)).toBe(code);
  });

  it('refuses what is not a code: too short, too long, other characters, a link without one', () => {
    expect(inviteCodeFrom(code.slice(1))).toBeNull();
    expect(inviteCodeFrom(code + 'x')).toBeNull();
    expect(inviteCodeFrom('Ab3_-Zz9Ab3_-Zz+')).toBeNull();
    expect(inviteCodeFrom('https://portal.example/friends')).toBeNull();
    expect(inviteCodeFrom('https://portal.example/friends?invite=short')).toBeNull();
    expect(inviteCodeFrom('')).toBeNull();
  });
});

describe('inviteSummary', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);

  it('says who it is for and when it ends', () => {
    expect(inviteSummary({ forClass: false, usesLeft: 1, expiresAt: at(7 * 86_400_000) }, now)).toBe('For one classmate · expires in 7 days');
    expect(inviteSummary({ forClass: true, usesLeft: 38, expiresAt: at(86_400_000 - 1_000) }, now)).toBe('For a class · 38 places left · expires in 24 hours');
    expect(inviteSummary({ forClass: false, usesLeft: 1, expiresAt: at(7 * 86_400_000 - 1_000) }, now)).toBe('For one classmate · expires in 7 days');
    expect(inviteSummary({ forClass: true, usesLeft: 1, expiresAt: at(60_000) }, now)).toBe('For a class · 1 place left · expires in 1 minute');
  });

  it('rounds the last minutes up and says expired at the end', () => {
    expect(inviteSummary({ forClass: false, usesLeft: 1, expiresAt: at(1) }, now)).toBe('For one classmate · expires in 1 minute');
    expect(inviteSummary({ forClass: false, usesLeft: 1, expiresAt: at(3_600_000 - 1) }, now)).toBe('For one classmate · expires in 60 minutes');
    expect(inviteSummary({ forClass: false, usesLeft: 1, expiresAt: at(3_600_000) }, now)).toBe('For one classmate · expires in 1 hour');
    expect(inviteSummary({ forClass: false, usesLeft: 1, expiresAt: at(90 * 60_000 - 1) }, now)).toBe('For one classmate · expires in 1 hour');
    expect(inviteSummary({ forClass: false, usesLeft: 1, expiresAt: at(48 * 3_600_000 - 1) }, now)).toBe('For one classmate · expires in 48 hours');
    expect(inviteSummary({ forClass: false, usesLeft: 1, expiresAt: at(48 * 3_600_000) }, now)).toBe('For one classmate · expires in 2 days');
    expect(inviteSummary({ forClass: false, usesLeft: 1, expiresAt: now }, now)).toBe('For one classmate · expired');
  });
});
