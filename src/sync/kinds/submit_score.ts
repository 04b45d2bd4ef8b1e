import { PROOF_UPLOAD_FAILED, PROOF_UPLOAD_FAILED_DETAIL, IMAGE_WITHOUT_NAME } from '../../domain/messages.ts';
import { validateProofImage, validateScore } from '../../domain/score.ts';
import { errorOf } from '../../domain/syncFailure.ts';
import { classifyError } from '../classify.ts';
import { firstProblem, isUuid, missingText, notTrueOrFalse, notWholeNumber, textArg } from './args.ts';
import type { AfterConfirm, MutationKindModule } from './kind.ts';

type Args = Readonly<Record<string, unknown>>;


/** The play behind a score the game reported (absent for one typed by hand): the server checks it. */
function playProblem(args: Args): string | null {
  if (args.p_duration_ms === undefined) {
    return args.p_run_id === undefined && args.p_resumed === undefined ? null : 'p_duration_ms is missing';
  }
  return firstProblem(
    notWholeNumber(args, 'p_duration_ms'),
    args.p_run_id === undefined || isUuid(args.p_run_id) ? null : 'p_run_id must be a run id',
    notTrueOrFalse(args, 'p_resumed'),
  );
}

/**
 * A high score with its proof image. The submission changes nothing mirrored (the leaderboard refresh
 * shows it once the server has it); after the server confirms it, the proof is uploaded.
 */

/** submit_score answers with the new submission's id, bare or as { id }. */
function submissionId(result: unknown): string | null {
  if (typeof result === 'string' || typeof result === 'number') return String(result);
  if (result && typeof result === 'object' && 'id' in result) {
    const id = (result).id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return null;
}

/** Uploads a confirmed submission's proof; on a refusal the submission is withdrawn, as the spec says. */
const uploadProof: AfterConfirm = async (item, result, transport) => {
  const id = submissionId(result);
  if (!item.blob || !item.blobName || id === null) return { kind: 'confirm' };
  try {
    await transport.uploadProof(`${id}_${item.blobName}`, item.blob);
    return { kind: 'confirm' };
  } catch (err) {
    const d = classifyError(err);
    // The replay of this id returns the same submission, so the upload is simply tried again later.
    if (d.action !== 'park') return { kind: 'requeue', error: errorOf(d) };
    try {
      await transport.deleteSubmission(id);
    } catch {
      // The refusal is reported either way; a submission left without proof is the server's to clean up.
    }
    return { kind: 'park', error: { ...errorOf(d), message: `${PROOF_UPLOAD_FAILED_DETAIL} ${d.message}` }, notice: PROOF_UPLOAD_FAILED };
  }
};

export const submitScore = {
  label: 'High score',
  target: (args) => textArg(args, 'p_app_id'),
  check: ({ args, blob, blobName }) =>
    firstProblem(
      missingText(args, 'p_app_id'),
      // A number, not digit text: the outbox sends it as JSON to a bigint parameter.
      typeof args.p_score === 'number' ? validateScore(args.p_score) : validateScore(null),
      !blob || !blobName ? IMAGE_WITHOUT_NAME : validateProofImage({ name: blobName, type: blob.type, size: blob.size }),
      playProblem(args),
      args.p_proof_bytes === undefined || args.p_proof_bytes === blob?.size ? null : 'p_proof_bytes must be the proof image size',
    ),

  async apply() {
    return {};
  },

  async undo() {},

  afterConfirm: uploadProof,
} satisfies MutationKindModule<'submit_score', Record<string, never>>;
