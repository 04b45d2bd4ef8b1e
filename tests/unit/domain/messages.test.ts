import { describe, expect, it } from 'vitest';
import * as messages from '../../../src/domain/messages.ts';
import { ABOUT_MAX_LENGTH } from '../../../src/domain/profileFields.ts';
import { PROOF_MAX_BYTES, SCORE_MAX } from '../../../src/domain/score.ts';
import { COIN_AMOUNT_LIMIT } from '../../../src/domain/coins.ts';

describe('spec section 8 texts', () => {
  it.each([
    ['NOT_LOGGED_IN', 'Hey! You Must Be Logged In To Do That!'],
    ['NOT_LOGGED_IN_RESULT', 'not logged in'],
    ['NOT_ENOUGH_COINS', 'not enough coins'],
    ['ITEM_NOT_FOUND', 'item not found from consts'],
    ['IMAGE_WITHOUT_NAME', 'image without name? impossible'],
    ['NO_URL_SESSION', 'No session defined in URL'],
    ['QUERY_MISSING', 'FATAL ERROR! No query given'],
    [
      'APP_LIST_FAILED',
      'Error getting apps, SUPABASE failed. Please contact support! We are happy to try and fix this for you.',
    ],
    ['ITEM_ALREADY_OWNED', 'Item not unlocked, You already have it'],
    ['PROOF_UPLOAD_FAILED', 'failed to submit image for high score'],
    ['PROOF_UPLOAD_FAILED_DETAIL', 'Failed to insert image of high score, deleting high score upload now.'],
    ['SCORE_INSERT_FAILED', 'Failed to insert the high score.'],
    ['PROFILE_FAILED', 'Failed to get profile, and failed to create profile'],
    ['PROFILE_ICON_CHANGED', 'Profile icon changed'],
    ['PROFILE_UPDATED', 'Profile updated'],
    ['ONBOARDING_COMPLETED', 'Onboarding completed'],
    ['SCORE_SUBMITTED', 'submitted appScoreForm!'],
  ] as const)('%s is exactly the spec text', (name, text) => {
    expect(messages[name]).toBe(text);
  });

  it.each([
    ['duplicate key value violates unique constraint', 'server error: duplicate key value violates unique constraint'],
    ['', 'server error: '],
    ['50% off: ünïcødé', 'server error: 50% off: ünïcødé'],
  ])('serverError(%j) prefixes the server message', (message, shown) => {
    expect(messages.serverError(message)).toBe(shown);
  });

  it.each([
    ['duck_icon', 'Item duck_icon unlocked'],
    [42, 'Item 42 unlocked'],
    ['', 'Item  unlocked'],
  ])('itemUnlocked(%j) names the item', (id, shown) => {
    expect(messages.itemUnlocked(id)).toBe(shown);
  });

  it('notices last 5000 ms, top right, 320 px wide', () => {
    expect(messages.NOTICE_DURATION_MS).toBe(5000);
    expect(messages.NOTICE_WIDTH_PX).toBe(320);
    expect(messages.NOTICE_POSITION).toBe('top-right');
  });
});

describe('validation texts quote the limits that are enforced', () => {
  it('about text limit', () => {
    expect(messages.ABOUT_TOO_LONG).toContain(String(ABOUT_MAX_LENGTH));
  });

  it('score limit', () => {
    expect(messages.SCORE_TOO_HIGH).toContain(SCORE_MAX.toLocaleString('en-US'));
  });

  it('proof size limit', () => {
    expect(messages.PROOF_TOO_LARGE).toContain(`${PROOF_MAX_BYTES / 1024 / 1024} MB`);
  });

  it('coin amount limit', () => {
    expect(messages.COIN_AMOUNT_TOO_LARGE).toContain(COIN_AMOUNT_LIMIT.toLocaleString('en-US'));
  });

  it('every text is non-empty and free of stray whitespace', () => {
    for (const value of Object.values(messages)) {
      if (typeof value !== 'string') continue;
      expect(value.length).toBeGreaterThan(0);
      expect(value).toBe(value.trim());
    }
  });
});
