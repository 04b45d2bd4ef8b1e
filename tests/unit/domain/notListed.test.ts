import { describe, expect, it } from 'vitest';
import { NOT_LISTED, notListedText } from '../../../src/domain/notListed.ts';

describe('notListedText', () => {
  it('says a retired game was retired, and on which day (UTC)', () => {
    expect(notListedText({ title: 'Old Game', retired_at: '2026-11-26T23:30:00-02:00' })).toBe(
      'Old Game was retired from the list on 27 November 2026. It can no longer be played here; the scores and plays it had are kept.',
    );
    expect(notListedText({ title: 'Old Game', retired_at: 'yesterday' })).toMatch(/^Old Game was retired from the list\. /);
  });

  it('says a game is not in the list when nothing is known of it', () => {
    expect(notListedText(undefined)).toBe(NOT_LISTED);
  });
});
