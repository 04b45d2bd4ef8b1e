import { ExternalLink, Maximize, Minimize, RotateCcw, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { GameCurrentScore } from '../../domain/gameSdk.ts';
import { EXTERNAL_SANDBOX, packCopyUrl } from '../../domain/gameSandbox.ts';
import { BundledGame } from './BundledGame.tsx';
import type { GameAbilities, PlayedScore } from './gameReports.ts';
import type { GameSession } from './gameSession.ts';
import { SaveChoice } from './SaveChoice.tsx';
import { loadGameSoundOn, storeGameSoundOn } from './soundPreference.ts';
import { hasPortalOrigin, Unsandboxed } from './Unsandboxed.tsx';

interface GameFrameProps {
  /** The catalogue id the server knows the game by. */
  appId: string;
  title: string;
  url: string;
  /** The game's page is kept in the offline pack: the service worker plays it instead of loading `url`. */
  packCopy: boolean;
  /** The bundled game's id; null for external apps, which have no SDK. */
  gameId: string | null;
  /** Called for each accepted score. */
  onScore: (score: PlayedScore) => void;
  /** The score on the game's screen, when the game hands it over (sdk:current-score). */
  onCurrentScore: (score: GameCurrentScore) => void;
  /** The conversation with the bundled game, for the page's buttons that ask the game for something. */
  sessionRef: RefObject<GameSession | null>;
  abilities: GameAbilities;
  onAbilities: (abilities: GameAbilities) => void;
  /** What the page adds to the controls beside the game (a two-player game's "Play a friend"). */
  toolbarEnd?: ReactNode;
}

/** The game in its frame, with the portal's controls under it (full screen, sound, new game) and the save choice over it. */
export function GameFrame({ appId, title, url, packCopy, gameId, onScore, onCurrentScore, sessionRef, abilities, onAbilities, toolbarEnd }: GameFrameProps) {
  const container = useRef<HTMLDivElement>(null);
  const [loads, setLoads] = useState(0);
  const reload = () => setLoads((n) => n + 1);
  const [fullscreen, setFullscreen] = useState(false);
  const [soundOn, setSoundOn] = useState(loadGameSoundOn);
  const [exposed, setExposed] = useState<string | null>(null);
  const changeSound = (on: boolean) => {
    storeGameSoundOn(on);
    setSoundOn(on);
  };

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === container.current && container.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void container.current?.requestFullscreen().catch(() => undefined);
  };

  return (
    <div className="game-frame-wrap">
      <div ref={container} className={fullscreen ? 'game-frame game-frame-full' : 'game-frame'}>
        {exposed === url ? (
          <Unsandboxed title={title} />
        ) : gameId === null ? (
          <iframe
            // A copy is sandboxed by the service worker's header (see gameSandbox.ts); the live game by the attribute.
            {...(packCopy ? { src: packCopyUrl(new URL(url, location.href).href) } : { src: url, sandbox: EXTERNAL_SANDBOX })}
            title={title}
            allow="fullscreen; autoplay; gamepad"
            referrerPolicy="no-referrer"
            data-testid="game-frame"
            onLoad={(event) => {
              if (hasPortalOrigin(event.currentTarget)) setExposed(url);
              else event.currentTarget.contentWindow?.focus();
            }}
          />
        ) : (
          <BundledGame
            appId={appId}
            title={title}
            url={url}
            gameId={gameId}
            onScore={onScore}
            onCurrentScore={onCurrentScore}
            onAbilities={onAbilities}
            sessionRef={sessionRef}
            soundOn={soundOn}
            onSoundChange={changeSound}
            onExposed={() => setExposed(url)}
            loads={loads}
          />
        )}
      </div>
      <div className="game-toolbar">
        <button type="button" className="button button-sm" onClick={toggleFullscreen} data-testid="fullscreen">
          {fullscreen ? <Minimize aria-hidden="true" size={18} /> : <Maximize aria-hidden="true" size={18} />}
          {fullscreen ? 'Exit full screen' : 'Full screen'}
        </button>
        {gameId === null ? (
          <a className="button button-quiet button-sm" href={url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" size={18} />
            Open in a new tab
          </a>
        ) : (
          <button type="button" className="button button-quiet button-sm" aria-pressed={soundOn} onClick={() => changeSound(!soundOn)} data-testid="game-sound">
            {soundOn ? <Volume2 aria-hidden="true" size={18} /> : <VolumeX aria-hidden="true" size={18} />}
            {soundOn ? 'Sound: on' : 'Sound: off'}
          </button>
        )}
        {gameId !== null && abilities.newGame && (
          <button type="button" className="button button-quiet button-sm" onClick={() => sessionRef.current?.newGame()} data-testid="new-game">
            <RotateCcw aria-hidden="true" size={18} />
            <span className="game-toolbar-short">New game</span>
          </button>
        )}
        {toolbarEnd}
      </div>
      {gameId !== null && <SaveChoice gameId={gameId} title={title} onTaken={reload} />}
    </div>
  );
}
