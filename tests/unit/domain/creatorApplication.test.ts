import { describe, expect, it } from 'vitest';
import {
  CHANNEL_HANDLE_REQUIRED,
  describeLimits,
  PITCH_DIRECTION,
  PITCH_REQUIRED,
  PITCH_TOO_LONG,
  pitchLength,
  validateApplication,
} from '../../../src/domain/creatorApplication.ts';
import { HANDLE_INVALID, PLATFORM_INVALID } from '../../../src/domain/creatorSocial.ts';

const PITCH = 'Short videos of my best Snake runs.';

describe('creator applications', () => {
  it('takes a pitch alone, or with a channel given with or without its @', () => {
    expect(validateApplication({ pitch: PITCH, platform: '', handle: '' })).toEqual({});
    expect(validateApplication({ pitch: PITCH, platform: '', handle: 'left over from before' })).toEqual({});
    expect(validateApplication({ pitch: PITCH, platform: 'twitch', handle: ' @ann.plays ' })).toEqual({});
  });

  it('counts characters as the database does, so 500 accented letters or emoji fit', () => {
    expect(pitchLength(` ${'é'.repeat(500)} `)).toBe(500);
    expect(validateApplication({ pitch: '🎮'.repeat(500), platform: '', handle: '' })).toEqual({});
    expect(validateApplication({ pitch: 'x'.repeat(501), platform: '', handle: '' }).pitch).toBe(PITCH_TOO_LONG);
  });

  it('refuses a blank-looking pitch and one with text-direction controls, in the words the server uses', () => {
    for (const pitch of ['', '   ', '\n\t', '\u200b\u2060\ufeff']) expect(validateApplication({ pitch, platform: '', handle: '' }).pitch).toBe(PITCH_REQUIRED);
    for (const pitch of ['abc\u202edef', '\u2066x\u2069']) expect(validateApplication({ pitch, platform: '', handle: '' }).pitch).toBe(PITCH_DIRECTION);
    expect(PITCH_REQUIRED).toBe('Say in a few words what you want to make.');
  });

  it('holds a channel to the rules of creator accounts', () => {
    expect(validateApplication({ pitch: PITCH, platform: 'myspace', handle: 'ann' }).platform).toBe(PLATFORM_INVALID);
    expect(validateApplication({ pitch: PITCH, platform: 'x', handle: ' @ ' }).handle).toBe(CHANNEL_HANDLE_REQUIRED);
    expect(validateApplication({ pitch: PITCH, platform: 'x', handle: 'https://x.com/ann' }).handle).toBe(HANDLE_INVALID);
    expect(validateApplication({ pitch: PITCH, platform: 'x', handle: 'a'.repeat(101) }).handle).toBe(HANDLE_INVALID);
  });

  it('states the limits the server holds', () => {
    expect(describeLimits()).toBe(
      'One application at a time. After a decline, wait 7 days before applying again; at most 3 applications in 30 days, withdrawn ones included.',
    );
  });
});
