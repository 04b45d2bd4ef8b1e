import { useLiveQuery } from 'dexie-react-hooks';
import { Gamepad2, LogIn } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useLoading } from '../../state/loading.tsx';
import { usePortal } from '../../state/portal.tsx';
import { queueMutation } from '../../data/queue.ts';
import { readOutboxItem } from '../../data/reads/outbox.ts';
import { NOT_LOGGED_IN_RESULT, SCORE_SUBMITTED } from '../../domain/messages.ts';
import { parseScore, validateProofImage, validateScore } from '../../domain/score.ts';
import { failureMessages } from '../../domain/scoreFailure.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { requireUser } from '../../state/requireUser.ts';
import { notice } from '../../ui/notice.tsx';

/** A score the game reported through the bridge, with its screenshot as a file when there was one. */
export interface ScoreOffer {
  score: number;
  proof: File | null;
  /** Changes with each report, so the same score reported twice still fills the form again. */
  nonce: number;
  /**
   * The play behind it, for the server's checks: the run id when the server saw the run start (null when
   * it did not: offline, or too slow to vouch), the play time the game claims, whether it went on from a save.
   */
  play: { runId: string | null; durationMs: number; resumed: boolean } | null;
  /** A finished run's score (sdk:score), not the score on the screen mid-game (sdk:current-score). */
  over: boolean;
}

type Submission = { id: string; offline: boolean };

/**
 * AppScoreForm: a score and a proof image. The submission goes through the outbox (it waits there
 * while offline); the sync engine inserts it with submit_score and uploads the proof to
 * submissions/{id}_{file name}, withdrawing the submission if the upload is refused.
 */
export function AppScoreForm({
  appId,
  offer,
  onUseScore,
  onSubmitted,
}: {
  appId: string;
  offer: ScoreOffer | null;
  /** Asks the game for the score on its screen and a screenshot; null when the game cannot hand them over. */
  onUseScore: (() => void) | null;
  onSubmitted: () => void;
}) {
  const { runtime, session, status } = usePortal();
  const location = useLocation();
  const { start, done } = useLoading();
  const userId = session?.user.id ?? null;
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [score, setScore] = useState('');
  // The play the game reported with the offered score; it stops applying once the student types another.
  const [play, setPlay] = useState<{ score: number; play: NonNullable<ScoreOffer['play']> } | null>(null);
  const [proof, setProof] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ score?: string; proof?: string }>({});
  const [submission, setSubmission] = useState<Submission | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; messages: string[] } | null>(null);

  useEffect(() => {
    if (offer === null) return;
    setScore(String(offer.score));
    setPlay(offer.play === null ? null : { score: offer.score, play: offer.play });
    setProof(offer.proof);
    setErrors({});
    setOutcome(null);
    if (fileInput.current) fileInput.current.value = '';
  }, [offer]);

  useEffect(() => {
    if (proof === null) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(proof);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [proof]);

  const data = runtime?.data ?? null;
  const pendingId = submission?.id ?? null;
  // null once the submission has left the outbox.
  const watched = useLiveQuery(() => (data === null || pendingId === null ? undefined : readOutboxItem(data, pendingId)), [data, pendingId]);

  useEffect(() => {
    if (submission === null || watched === undefined) return;
    if (watched === null) {
      // It left the outbox without failing: the server has the score and its proof.
      setSubmission(null);
      setOutcome({ ok: true, messages: [SCORE_SUBMITTED] });
      setScore('');
      setPlay(null);
      setProof(null);
      // The file box would go on showing the sent image while the form holds none, and choosing that
      // same file again would fire no change: the next submission would then find no image at all.
      if (fileInput.current) fileInput.current.value = '';
      notice.success(SCORE_SUBMITTED);
      onSubmitted();
    } else if (watched.status === 'failed') {
      setSubmission(null);
      const messages = failureMessages(watched);
      setOutcome({ ok: false, messages });
      // The engine has already shown its own notice; this names what happened to the submission.
      notice.error(messages[messages.length - 1]!);
    }
  }, [watched, submission, onSubmitted]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const scoreError = validateScore(score);
    const proofError = validateProofImage({ name: proof?.name, type: proof?.type, size: proof?.size });
    setErrors({ ...(scoreError ? { score: scoreError } : {}), ...(proofError ? { proof: proofError } : {}) });
    if (scoreError || proofError || proof === null) return;
    const user = requireUser(session);
    if (user === NOT_LOGGED_IN_RESULT || runtime === null) return;
    const value = parseScore(score)!;
    const reported = play !== null && play.score === value ? play.play : null;
    start('AppScoreForm');
    try {
      const item = await queueMutation(runtime.data, {
        kind: 'submit_score',
        args: {
          p_app_id: appId,
          p_score: value,
          p_proof_bytes: proof.size,
          ...(reported === null
            ? {}
            : {
                ...(reported.runId === null ? {} : { p_run_id: reported.runId }),
                p_duration_ms: reported.durationMs,
                p_resumed: reported.resumed,
              }),
        },
        userId: user,
        blob: proof,
        blobName: proof.name,
      });
      setSubmission({ id: item.id, offline: !navigator.onLine });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setOutcome({ ok: false, messages: [message] });
      notice.error(message);
    } finally {
      done('AppScoreForm');
    }
  };

  const pickFile = (file: File | null) => {
    setProof(file);
    setErrors((e) => ({ ...e, proof: undefined }));
  };

  return (
    <section className="panel player-panel" aria-labelledby={`${ids}-heading`} data-testid="score-form">
      <h2 id={`${ids}-heading`}>Submit a high score</h2>
      {userId === null && status !== 'loading' ? (
        // A visitor learns that a score needs an account before typing one in, and comes back here after.
        <div className="score-sign-in" data-testid="score-sign-in">
          <p>Sign in to put your score on the board.</p>
          <ButtonLink to={`/auth?next=${encodeURIComponent(location.pathname)}`} icon={<LogIn aria-hidden="true" size={18} />} data-testid="score-sign-in-link">
            Sign in
          </ButtonLink>
        </div>
      ) : (
        <>
      {onUseScore !== null && (
        <Button variant="secondary" size="sm" icon={<Gamepad2 aria-hidden="true" size={18} />} className="score-from-game" onClick={onUseScore} data-testid="use-game-score">
          Use my score from the game
        </Button>
      )}
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
          {preview !== null && proof !== null && (
            <figure className="proof-preview" data-testid="proof-preview">
              <img src={preview} alt={`Proof: ${proof.name}`} />
              <figcaption>{proof.name}</figcaption>
            </figure>
          )}
          {errors.proof && (
            <p className="field-error" id={`${ids}-proof-error`} role="alert">
              {errors.proof}
            </p>
          )}
        </div>
        {/* Until the data runtime has loaded (a first visit shows the page first) there is nowhere to queue a score. */}
        <button type="submit" className="button" disabled={submission !== null || runtime === null} data-testid="score-submit">
          {submission === null ? 'Submit score' : 'Sending…'}
        </button>
      </form>
      {submission !== null && (
        <p className="muted" role="status" data-testid="score-status">
          {submission.offline ? 'Saved on this device: it will be sent when you are back online.' : 'Sending your score…'}
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
      )}
    </section>
  );
}
