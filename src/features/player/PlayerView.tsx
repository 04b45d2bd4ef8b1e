import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePortal } from '../../state/portal.tsx';
import type { AppRow } from '../../store/db.ts';
import { categoryLabel } from '../../domain/categories.ts';
import { bundledGameId, type GameCurrentScore } from '../../domain/gameSdk.ts';
import { useHighScores } from '../../state/useHighScores.ts';
import { useNow } from '../../ui/useNow.ts';
import { GameVideos } from '../creator/GameVideos.tsx';
import { AppScoreForm, type ScoreOffer } from './AppScoreForm.tsx';
import { GameFrame, NO_ABILITIES, type GameAbilities, type PlayedScore } from './GameFrame.tsx';
import type { GameSession } from './gameSession.ts';
import { proofFile } from './gameMessages.ts';
import { HighScores } from './HighScores.tsx';
import { OwnScores } from './OwnScores.tsx';
import { PlayNext } from './PlayNext.tsx';
import { usePackCopy } from './usePackCopy.ts';
import { usePlayTracking } from './usePlayTracking.ts';
import '../catalogue/catalogue.css';
import './player.css';

/** One app on its class page: the game, its description, its high scores and the score form. */
export function PlayerView({ app }: { app: AppRow }) {
  const gameId = app.bundled ? bundledGameId(app.url) : null;
  const { session } = usePortal();
  const [offer, setOffer] = useState<ScoreOffer | null>(null);
  // Bumped when a score is sent, so the student's own list reads again.
  const [sent, setSent] = useState(0);
  const game = useRef<GameSession | null>(null);
  const [abilities, setAbilities] = useState<GameAbilities>(NO_ABILITIES);
  const highScores = useHighScores(app.id);
  const now = useNow(30_000).getTime();
  usePlayTracking(app.id);
  const pack = usePackCopy(app.url, app.bundled);

  const refreshHighScores = highScores.refresh;
  const onSubmitted = useCallback(() => {
    refreshHighScores();
    setSent((n) => n + 1);
  }, [refreshHighScores]);

  const onScore = useCallback(
    (message: PlayedScore) => {
      setOffer({
        score: message.score,
        proof: message.proof === null || gameId === null ? null : proofFile(gameId, message.score, message.proof),
        nonce: Date.now(),
        play: { runId: message.runSeen ? message.runId : null, durationMs: message.durationMs, resumed: message.resumed },
        over: true,
      });
    },
    [gameId],
  );

  // A score mid-game carries no run: the server takes it as it takes a score typed in.
  const onCurrentScore = useCallback(
    (message: GameCurrentScore) => {
      setOffer({
        score: message.score,
        proof: message.proof === null || gameId === null ? null : proofFile(gameId, message.score, message.proof),
        nonce: Date.now(),
        play: null,
        over: false,
      });
    },
    [gameId],
  );
  const askScore = useCallback(() => game.current?.requestScore(), []);

  return (
    <div className="player" data-testid="player">
      {pack === 'checking' ? (
        <div className="game-frame" aria-busy="true" />
      ) : (
        <GameFrame
          appId={app.id}
          title={app.title}
          url={app.url}
          packCopy={pack === 'kept'}
          gameId={gameId}
          onScore={onScore}
          onCurrentScore={onCurrentScore}
          sessionRef={game}
          abilities={abilities}
          onAbilities={setAbilities}
        />
      )}
      {pack === 'kept' && (
        <p className="player-pack-note" data-testid="pack-copy-note">
          Playing the copy kept on this device in your offline pack, so it works with no connection. To play the website’s own
          version again, untick it on the <Link to="/cache">offline cache</Link> page.
        </p>
      )}
      <p className="page-lead player-description" data-testid="app-description">
        {app.description} <span className="app-card-meta">({categoryLabel(app.category)})</span>
      </p>
      {offer !== null && (
        <p className="player-offer" role="status" data-testid="score-offer">
          {offer.over ? 'Game over: you scored' : 'Your score now:'} {offer.score.toLocaleString('en-US')}.{' '}
          {session === null
            ? 'Sign in to put it on the board.'
            : offer.proof === null
              ? 'Attach a screenshot to submit it.'
              : 'The form below has your score and a screenshot of the game.'}
        </p>
      )}
      <div className="player-side">
        {/* The form first: a full board (ten rows) above it would push it below a laptop's fold. */}
        <AppScoreForm
          appId={app.id}
          offer={offer}
          onUseScore={abilities.currentScore ? askScore : null}
          onSubmitted={onSubmitted}
        />
        <HighScores title={app.title} rows={highScores.rows} fetchedAt={highScores.fetchedAt} now={now} />
        <OwnScores appId={app.id} title={app.title} version={sent} onWithdrawn={highScores.refresh} />
      </div>
      {/* After the score panel: on a phone, where it is one column, games to go on with come after the score. */}
      {offer !== null && <PlayNext app={app} />}
      <GameVideos app={app} />
    </div>
  );
}
