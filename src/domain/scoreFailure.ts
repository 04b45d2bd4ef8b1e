import { PROOF_UPLOAD_FAILED, PROOF_UPLOAD_FAILED_DETAIL, SCORE_INSERT_FAILED } from './messages.ts';

/** How a submission the server turned down reads: the upload failure names itself in lastError. */
export function failureMessages(item: { lastError: { message: string } | null }): string[] {
  const detail = item.lastError?.message ?? '';
  return detail.startsWith(PROOF_UPLOAD_FAILED_DETAIL) ? [PROOF_UPLOAD_FAILED, PROOF_UPLOAD_FAILED_DETAIL] : [SCORE_INSERT_FAILED];
}
