import { describe, expect, it } from 'vitest';
import { CHAT_EMPTY, CHAT_TOO_LONG, validateChatBody } from '../../../src/domain/chatBody.ts';

describe('validateChatBody', () => {
  it('refuses blank text and text over 500 characters after trimming', () => {
    expect(validateChatBody('   ')).toBe(CHAT_EMPTY);
    expect(validateChatBody('x'.repeat(501))).toBe(CHAT_TOO_LONG);
    expect(validateChatBody(`  ${'x'.repeat(500)}  `)).toBeNull();
    expect(validateChatBody('hi')).toBeNull();
  });
});
