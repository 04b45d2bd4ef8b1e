import { describe, expect, it } from 'vitest';
import { itemUnlockedNamed } from '../../../src/domain/itemNames.ts';
import {
  APP_LIST_FAILED,
  IMAGE_WITHOUT_NAME,
  ITEM_ALREADY_OWNED,
  ITEM_NOT_FOUND,
  NO_URL_SESSION,
  NOT_ENOUGH_COINS,
  NOT_LOGGED_IN,
  PROFILE_FAILED,
  PROFILE_UPDATED,
  PROOF_UPLOAD_FAILED,
  PROOF_UPLOAD_FAILED_DETAIL,
  QUERY_MISSING,
  RESEND_EXPIRED,
  SCORE_INSERT_FAILED,
  SCORE_SUBMITTED,
  STREAK_CLAIM_TOO_SOON,
  itemUnlocked,
  serverError,
} from '../../../src/domain/messages.ts';
import { noticeTitle } from '../../../src/domain/noticeTitle.ts';

describe('the plain title beside a notice in the spec’s words', () => {
  it('gives each cryptic spec text its title', () => {
    expect(noticeTitle(SCORE_SUBMITTED)).toBe('Score sent for review');
    expect(noticeTitle(IMAGE_WITHOUT_NAME)).toBe('Your proof picture has no file name');
    expect(noticeTitle(ITEM_NOT_FOUND)).toBe('This item is not in the shop');
    expect(noticeTitle(NOT_ENOUGH_COINS)).toBe('You cannot afford this yet');
    expect(noticeTitle(ITEM_ALREADY_OWNED)).toBe('You already own this item');
    expect(noticeTitle(PROOF_UPLOAD_FAILED)).toBe('Your proof picture was not sent');
    expect(noticeTitle(PROOF_UPLOAD_FAILED_DETAIL)).toBe('Your proof picture was not sent');
    expect(noticeTitle(SCORE_INSERT_FAILED)).toBe('Your score was not saved');
    expect(noticeTitle(NOT_LOGGED_IN)).toBe('Sign in first');
    expect(noticeTitle(NO_URL_SESSION)).toBe('This sign-in link is incomplete');
    expect(noticeTitle(QUERY_MISSING)).toBe('Type something to search for');
    expect(noticeTitle(APP_LIST_FAILED)).toBe('The games could not be loaded');
    expect(noticeTitle(PROFILE_FAILED)).toBe('Your profile could not be loaded');
    expect(noticeTitle(serverError('duplicate key'))).toBe('Something went wrong on the server');
  });

  it('titles an unlocked item whether or not its name is known, so its id never stands alone', () => {
    expect(noticeTitle(itemUnlocked('handwritten_font'))).toBe('New item unlocked');
    expect(noticeTitle(itemUnlocked(17))).toBe('New item unlocked');
    expect(noticeTitle(itemUnlockedNamed('handwritten_font', 'Handwritten'))).toBe('New item unlocked');
  });

  it('finds the spec text when more follows it, and only then', () => {
    expect(noticeTitle(`${PROOF_UPLOAD_FAILED_DETAIL} storage is full`)).toBe('Your proof picture was not sent');
    expect(noticeTitle(`${NOT_ENOUGH_COINS}: 40 short`)).toBe('You cannot afford this yet');
    expect(noticeTitle(`${NOT_ENOUGH_COINS}x`)).toBeNull();
    expect(noticeTitle(`Oh, ${NOT_ENOUGH_COINS}`)).toBeNull();
    expect(noticeTitle('Item unlocked')).toBeNull();
    expect(noticeTitle('Item a b unlocked')).toBeNull();
    expect(noticeTitle('Items 3 unlocked')).toBeNull();
  });

  it('leaves plain words untitled', () => {
    for (const plain of [PROFILE_UPDATED, STREAK_CLAIM_TOO_SOON, RESEND_EXPIRED, 'Thanks. The message was reported to the moderators.', '']) {
      expect(noticeTitle(plain)).toBeNull();
    }
  });
});
