import { describe, expect, it } from 'vitest';
import { describeWriteError } from '../../../src/domain/creatorWriteError.ts';

describe("a creator tool's refused write", () => {
  it('says what to do for the constraints a creator can hit, and passes anything else on', () => {
    expect(describeWriteError({ code: '23505', message: 'duplicate key' })).toBe('You already added that account.');
    expect(describeWriteError({ code: '42501', message: 'row-level security' })).toBe('You can only change your own creator accounts and videos.');
    expect(describeWriteError({ code: '23514', message: 'check' })).toBe('The server did not accept one of the fields; check them and try again.');
    expect(describeWriteError({ code: '23503', message: 'foreign key' })).toBe('That app is not in the catalogue any more; choose another one.');
    expect(describeWriteError({ message: 'timeout' })).toBe('server error: timeout');
  });
});
