import { useId, useRef, useState, type FormEvent } from 'react';
import { SCORE_SUBMITTED } from '../../domain/messages.ts';
import { parseScore, validateProofImage, validateScore } from '../../domain/score.ts';
import type { ScorePlay, ScoreSubmission } from '../../state/player.ts';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { notice } from '../../ui/notice.tsx';
import { ProofPreview } from './ProofPreview.tsx';
import type { ScoreOffer } from './scoreOffer.ts';

/**
 * The score and its proof image, filled from the game's offer when there is one (the form is drawn anew
 * for each offer), and what became of the last one sent.
 */
export function ScoreEntryForm({ offer, submission }: { offer: ScoreOffer | null; submission: ScoreSubmission }) {
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [score, setScore] = useState(offer === null ? '' : String(offer.score));
  // The play the game reported with the offered score; it stops applying once the student types another.
  const [play, setPlay] = useState<{ score: number; play: ScorePlay } | null>(offer?.play ? { score: offer.score, play: offer.play } : null);
  const [proof, setProof] = useState<File | null>(offer?.proof ?? null);
  const [errors, setErrors] = useState<{ score?: string; proof?: string }>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; messages: string[] } | null>(null);
  const { sending } = submission;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const scoreError = validateScore(score);
    const proofError = validateProofImage({ name: proof?.name, type: proof?.type, size: proof?.size });
    setErrors({ ...(scoreError ? { score: scoreError } : {}), ...(proofError ? { proof: proofError } : {}) });
    if (scoreError || proofError || proof === null) return;
    const value = parseScore(score)!;
    const result = await submission.submit({ score: value, proof, play: play !== null && play.score === value ? play.play : null });
    if (result.kind === 'sent') {
      setOutcome({ ok: true, messages: [SCORE_SUBMITTED] });
      setScore('');
      setPlay(null);
      setProof(null);
      // The file box would go on showing the sent image while the form holds none, and choosing that
      // same file again would fire no change: the next submission would then find no image at all.
      if (fileInput.current) fileInput.current.value = '';
      notice.success(SCORE_SUBMITTED);
    } else if (result.kind === 'refused') {
      setOutcome({ ok: false, messages: result.messages });
      // A refusal by the server has had the engine's own notice already; this names what happened to the submission.
      notice.error(result.messages[result.messages.length - 1]!);
    }
  };

  const pickFile = (file: File | null) => {
    setProof(file);
    setErrors((e) => ({ ...e, proof: undefined }));
  };

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-score`}>Score</label>
          <input
            id={`${ids}-score`}
            name="score"
            inputMode="numeric"
            value={score}
            onChange={(event) => setScore(event.target.value)}
            aria-invalid={errors.score !== undefined}
            aria-describedby={errors.score ? `${ids}-score-error` : undefined}
            data-testid="score-input"
          />
          {errors.score && (
            <p className="field-error" id={`${ids}-score-error`} role="alert">
              {errors.score}
            </p>
          )}
        </div>
        <div className="field">
          <FileDrop
            id={`${ids}-proof`}
            inputRef={fileInput}
            label="Proof image"
            hint="A screenshot of your score: drop it here, or click to choose it"
            name="proof"
            accept="image/png,image/jpeg,image/webp,image/gif"
            chosen={proof?.name ?? null}
            onFile={pickFile}
            errorId={errors.proof ? `${ids}-proof-error` : undefined}
            testId="proof-input"
          />
          {proof !== null && <ProofPreview file={proof} />}
          {errors.proof && (
            <p className="field-error" id={`${ids}-proof-error`} role="alert">
              {errors.proof}
            </p>
          )}
        </div>
        {/* Until the data runtime has loaded (a first visit shows the page first) there is nowhere to queue a score. */}
        <button type="submit" className="button" disabled={sending !== null || submission.account !== 'signed-in'} data-testid="score-submit">
          {sending === null ? 'Submit score' : 'Sending…'}
        </button>
      </form>
      {sending !== null && (
        <p className="muted" role="status" data-testid="score-status">
          {sending.offline ? 'Saved on this device: it will be sent when you are back online.' : 'Sending your score…'}
        </p>
      )}
      {outcome !== null && (
        <div className={outcome.ok ? 'form-ok' : 'form-error'} role={outcome.ok ? 'status' : 'alert'} data-testid="score-outcome">
          {outcome.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </>
  );
}
