import { describe, expect, it } from 'vitest';
import { awaitsSecondFactor, tokenAssurance } from '../../../src/domain/secondFactor.ts';

/** An unsigned token with these claims: only the payload is read, the server checks signatures. */
function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

const verified = [{ status: 'verified' }];

describe('a pending second factor', () => {
  it('reads the assurance level of an access token', () => {
    expect(tokenAssurance(token({ sub: 'u', aal: 'aal2' }))).toBe('aal2');
    // A payload whose base64url needs padding back, with characters that differ between the alphabets.
    expect(tokenAssurance(token({ aal: 'aal1', name: 'é?>' }))).toBe('aal1');
    expect([tokenAssurance('not a token'), tokenAssurance('a.%%%.c'), tokenAssurance(token({ sub: 'u' }))]).toEqual([null, null, null]);
  });

  it('is pending after the password alone for an account with a verified authenticator app', () => {
    expect(awaitsSecondFactor({ access_token: token({ aal: 'aal1' }), user: { factors: verified } })).toBe(true);
    // A token that cannot be read proves no second step either.
    expect(awaitsSecondFactor({ access_token: 'garbled', user: { factors: verified } })).toBe(true);
  });

  it('is not pending once the code was entered, nor for accounts without a verified factor', () => {
    expect(awaitsSecondFactor({ access_token: token({ aal: 'aal2' }), user: { factors: verified } })).toBe(false);
    expect(awaitsSecondFactor({ access_token: token({ aal: 'aal1' }), user: { factors: [{ status: 'unverified' }] } })).toBe(false);
    expect(awaitsSecondFactor({ access_token: token({ aal: 'aal1' }), user: {} })).toBe(false);
    expect(awaitsSecondFactor({ access_token: token({ aal: 'aal1' }), user: { factors: null } })).toBe(false);
  });
});
