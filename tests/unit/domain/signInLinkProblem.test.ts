import { describe, expect, it } from 'vitest';
import { SIGN_IN_LINK_USED, signInLinkProblem } from '../../../src/domain/signInLinkProblem.ts';

describe('signInLinkProblem', () => {
  it("says the client library's words as a next step", () => {
    expect(signInLinkProblem('No session defined in URL')).toBe(SIGN_IN_LINK_USED);
    expect(signInLinkProblem('invalid flow state, no valid flow state found')).toBe(SIGN_IN_LINK_USED);
    expect(signInLinkProblem('PKCE code verifier not found in storage.')).toBe(SIGN_IN_LINK_USED);
  });

  it("keeps the auth server's own words, which are written for people", () => {
    expect(signInLinkProblem('Email link is invalid or has expired')).toBe('Email link is invalid or has expired');
  });
});
