import { describe, expect, it } from 'vitest';
import {
  ABOUT_MAX_LENGTH,
  USERNAME_PATTERN,
  usernameKey,
  validateAbout,
  validateUsername,
} from '../../../src/domain/profileFields.ts';
import {
  ABOUT_NOT_TEXT,
  ABOUT_NUL_CHARACTER,
  ABOUT_TOO_LONG,
  USERNAME_INVALID,
  USERNAME_REQUIRED,
} from '../../../src/domain/messages.ts';

describe('validateUsername', () => {
  it('the pattern is the agreed one', () => {
    expect(USERNAME_PATTERN.source).toBe('^[A-Za-z0-9_-]{3,20}$');
  });

  it.each([
    'abc',
    'duck_king',
    'Duck-King-2025',
    '___',
    '---',
    '123',
    'a'.repeat(20),
    'ABCDEFGHIJKLMNOPQRST',
  ])('accepts %j', (name) => {
    expect(validateUsername(name)).toBeNull();
  });

  it.each([
    ['empty', '', USERNAME_REQUIRED],
    ['null', null, USERNAME_REQUIRED],
    ['undefined', undefined, USERNAME_REQUIRED],
    ['2 characters', 'ab', USERNAME_INVALID],
    ['21 characters', 'a'.repeat(21), USERNAME_INVALID],
    ['blank', '   ', USERNAME_INVALID],
    ['leading space', ' abc', USERNAME_INVALID],
    ['trailing newline', 'abcd\n', USERNAME_INVALID],
    ['inner space', 'duck king', USERNAME_INVALID],
    ['a dot', 'duck.king', USERNAME_INVALID],
    ['an at sign', '@duck', USERNAME_INVALID],
    ['accented letters', 'canard_é', USERNAME_INVALID],
    ['emoji', 'duck🦆', USERNAME_INVALID],
    ['markup', '<b>hi</b>', USERNAME_INVALID],
    ['a number', 12345, USERNAME_INVALID],
    ['an object', { name: 'duck' }, USERNAME_INVALID],
  ])('refuses %s', (_label, name, message) => {
    expect(validateUsername(name)).toBe(message);
  });

  it.each([
    ['Duck_King', 'duck_king'],
    ['DUCK', 'duck'],
    ['abc', 'abc'],
  ])('%j and its lower case are the same name', (name, key) => {
    expect(usernameKey(name)).toBe(key);
    expect(usernameKey(name)).toBe(usernameKey(key));
  });
});

describe('validateAbout', () => {
  it.each([
    ['missing (null)', null],
    ['missing (undefined)', undefined],
    ['empty', ''],
    ['a sentence', 'I like Retro Bowl and ducks.'],
    ['exactly 500 letters', 'a'.repeat(ABOUT_MAX_LENGTH)],
    ['500 emoji (each one character, two UTF-16 units)', '🦆'.repeat(ABOUT_MAX_LENGTH)],
    ['lines and tabs', 'line one\nline two\ttabbed'],
    ['markup-looking text (shown as text)', '<script>alert(1)</script>'],
  ])('accepts %s', (_label, about) => {
    expect(validateAbout(about)).toBeNull();
  });

  it.each([
    ['501 letters', 'a'.repeat(ABOUT_MAX_LENGTH + 1), ABOUT_TOO_LONG],
    ['501 emoji', '🦆'.repeat(ABOUT_MAX_LENGTH + 1), ABOUT_TOO_LONG],
    ['a million letters', 'x'.repeat(1_000_000), ABOUT_TOO_LONG],
    ['a NUL character', 'hello\u0000world', ABOUT_NUL_CHARACTER],
    ['a number', 42, ABOUT_NOT_TEXT],
    ['an array', ['hi'], ABOUT_NOT_TEXT],
  ])('refuses %s', (_label, about, message) => {
    expect(validateAbout(about)).toBe(message);
  });
});
