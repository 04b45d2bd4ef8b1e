import { describe, expect, it } from 'vitest';
import { PROOF_UPLOAD_FAILED, PROOF_UPLOAD_FAILED_DETAIL, SCORE_INSERT_FAILED } from '../../../src/domain/messages.ts';
import { failureMessages } from '../../../src/domain/scoreFailure.ts';

describe('a refused score submission', () => {
  it("names a refused proof upload in the spec's two messages, and anything else as a refused score with the server's reason", () => {
    expect(failureMessages({ lastError: { message: `${PROOF_UPLOAD_FAILED_DETAIL} The file is too large.` } })).toEqual([
      PROOF_UPLOAD_FAILED,
      PROOF_UPLOAD_FAILED_DETAIL,
    ]);
    expect(failureMessages({ lastError: { message: 'You sent 5 scores for Snake in the last 10 minutes.' } })).toEqual([
      SCORE_INSERT_FAILED,
      'You sent 5 scores for Snake in the last 10 minutes.',
    ]);
    expect(failureMessages({ lastError: { message: '  ' } })).toEqual([SCORE_INSERT_FAILED]);
    expect(failureMessages({ lastError: null })).toEqual([SCORE_INSERT_FAILED]);
  });
});
