import { useCallback, useRef, useState } from 'react';
import { Swords } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { AppRow } from '../../state/useCatalogue.ts';
import { categoryLabel } from '../../domain/categories.ts';
import { bundledGameId, type GameCurrentScore } from '../../domain/gameSdk.ts';
import { isMatchGame } from '../../domain/match.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { useGameScores, usePackCopy, usePlayTracking } from '../../state/player.ts';
import { usePlayingPresence } from '../../state/presence.ts';
import { useNow } from '../../ui/useNow.ts';
import { GameVideos } from '../creator/GameVideos.tsx';
import { AppScoreForm } from './AppScoreForm.tsx';
import { GameAchievements } from './GameAchievements.tsx';
import { GameFrame } from './GameFrame.tsx';
import { NO_ABILITIES, type GameAbilities, type PlayedScore } from './gameReports.ts';
import type { GameSession } from './gameSession.ts';
import { HighScores } from './HighScores.tsx';
import { OwnScores } from './OwnScores.tsx';
import { PlayNext } from './PlayNext.tsx';
import { offerOfCurrentScore, offerOfScore, type ScoreOffer } from './scoreOffer.ts';
import '../catalogue/catalogue.css';
import './player.css';

/** One app on its class page: the game, its description, its high scores and the score form. */
export function PlayerView({ app }: { app: AppRow }) {
  const gameId = app.bundled ? bundledGameId(app.url) : null;
  const [offer, setOffer] = useState<ScoreOffer | null>(null);
  const game = useRef<GameSession | null>(null);
  const [abilities, setAbilities] = useState<GameAbilities>(NO_ABILITIES);
  const scores = useGameScores(app.id);
  const now = useNow(30_000).getTime();
  usePlayTracking(app.id);
  usePlayingPresence(app.id);
  const pack = usePackCopy(app.url, app.bundled);

  const onScore = useCallback((message: PlayedScore) => setOffer(offerOfScore(gameId, message, Date.now())), [gameId]);
  const onCurrentScore = useCallback((message: GameCurrentScore) => setOffer(offerOfCurrentScore(gameId, message, Date.now())), [gameId]);
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
          toolbarEnd={
            // Beside the game's own controls, in the first screen, where a student looks for what to do with it.
            gameId !== null && isMatchGame(gameId) ? (
              <ButtonLink variant="secondary" size="sm" icon={<Swords aria-hidden="true" size={18} />} to={`/friends?play=${gameId}`} data-testid="play-a-friend">
                Play a friend
              </ButtonLink>
            ) : undefined
          }
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
          {scores.submission.account !== 'signed-in'
            ? 'Sign in to put it on the board.'
            : offer.proof === null
              ? 'Attach a screenshot to submit it.'
              : 'The form below has your score and a screenshot of the game.'}
        </p>
      )}
      <div className="player-side">
        {/* The form first: a full board (ten rows) above it would push it below a laptop's fold. */}
        <AppScoreForm submission={scores.submission} offer={offer} onUseScore={abilities.currentScore ? askScore : null} />
        <HighScores title={app.title} rows={scores.high.rows} fetchedAt={scores.high.fetchedAt} now={now} />
        <OwnScores title={app.title} view={scores.own} />
      </div>
      {/* After the score panel: on a phone, where it is one column, games to go on with come after the score. */}
      {offer !== null && <PlayNext app={app} />}
      <GameVideos app={app} />
      <GameAchievements appId={app.id} title={app.title} />
    </div>
  );
}
