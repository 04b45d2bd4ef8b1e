import { PROOF_UPLOAD_FAILED, PROOF_UPLOAD_FAILED_DETAIL, SCORE_INSERT_FAILED } from './messages.ts';

/**
 * How a submission the server turned down reads: the upload failure names itself in lastError; any
 * other refusal follows the spec's message with the server's reason (a score no game can reach, a
 * limit reached), so the student knows what to do.
 */
export function failureMessages(item: { lastError: { message: string } | null }): string[] {
  const detail = item.lastError?.message.trim() ?? '';
  if (detail.startsWith(PROOF_UPLOAD_FAILED_DETAIL)) return [PROOF_UPLOAD_FAILED, PROOF_UPLOAD_FAILED_DETAIL];
  return detail === '' ? [SCORE_INSERT_FAILED] : [SCORE_INSERT_FAILED, detail];
}
