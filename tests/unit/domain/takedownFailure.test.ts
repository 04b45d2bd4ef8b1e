import { describe, expect, it } from 'vitest';
import { takedownFailureText } from '../../../src/domain/takedownFailure.ts';

describe('takedownFailureText', () => {
  it("shows the server's refusal in its own words", () => {
    const message = 'That request is already waiting: we will answer it at that address.';
    expect(takedownFailureText({ code: 'P0001', message })).toBe(message);
  });

  it('asks to check the connection for any other failure', () => {
    expect(takedownFailureText({ message: 'Failed to fetch' })).toBe('The request could not be sent (Failed to fetch). Check your connection and try again.');
    expect(takedownFailureText({ code: '23514', message: 'violates check constraint' })).toBe(
      'The request could not be sent (violates check constraint). Check your connection and try again.',
    );
  });
});
