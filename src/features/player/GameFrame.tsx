import { useEffect, useRef, useState } from 'react';
import { usePortal } from '../../app/portal.tsx';
import { deviceId, readGameSave, saveOwner, saveQueue, writeGameSave } from '../../data/gameSaves.ts';
import type { GameScore } from '../../domain/gameSdk.ts';
import { packSrcdoc } from '../../domain/offlinePack.ts';
import { acceptGameMessage } from './gameMessages.ts';
import { GameSession } from './gameSession.ts';
import { useBundledGame } from './useBundledGame.ts';
import { loadGameSoundOn, storeGameSoundOn } from './soundPreference.ts';

/**
 * Every game runs with an opaque origin: without allow-same-origin nothing in it can read the portal's
 * storage, cookies or session, whatever its code does. A bundled game's only door is the game SDK over
 * postMessage. allow-pointer-lock is for games steered by the mouse; nothing else is granted.
 */
export const BUNDLED_SANDBOX = 'allow-scripts allow-pointer-lock';
/** Apps from other websites, and their offline-pack copies, may also submit their own forms. */
export const EXTERNAL_SANDBOX = 'allow-scripts allow-forms allow-pointer-lock';

interface GameFrameProps {
  title: string;
  url: string;
  /** The game's page kept in the offline pack: shown instead of loading `url`. */
  packCopy?: string | undefined;
  /** The bundled game's id; null for external apps, which have no SDK. */
  gameId: string | null;
  /** Called for each accepted score; keep it stable (useCallback). */
  onScore: (score: GameScore) => void;
}

export function GameFrame({ title, url, packCopy, gameId, onScore }: GameFrameProps) {
  const container = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [soundOn, setSoundOn] = useState(loadGameSoundOn);
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
        {gameId === null ? (
          <iframe
            {...(packCopy === undefined ? { src: url } : { srcDoc: packSrcdoc(packCopy, new URL(url, location.href).href) })}
            title={title}
            sandbox={EXTERNAL_SANDBOX}
            allow="fullscreen; autoplay; gamepad"
            referrerPolicy="no-referrer"
            data-testid="game-frame"
            onLoad={(event) => event.currentTarget.contentWindow?.focus()}
          />
        ) : (
          <BundledGame title={title} url={url} gameId={gameId} onScore={onScore} soundOn={soundOn} onSoundChange={changeSound} />
        )}
      </div>
      <div className="game-toolbar">
        <button type="button" className="button" onClick={toggleFullscreen} data-testid="fullscreen">
          {fullscreen ? 'Exit full screen' : 'Full screen'}
        </button>
        {gameId === null ? (
          <a className="button button-quiet" href={url} target="_blank" rel="noopener noreferrer">
            Open in a new tab
          </a>
        ) : (
          <button type="button" className="button button-quiet" aria-pressed={soundOn} onClick={() => changeSound(!soundOn)} data-testid="game-sound">
            {soundOn ? 'Sound: on' : 'Sound: off'}
          </button>
        )}
      </div>
    </div>
  );
}

interface BundledGameProps {
  title: string;
  url: string;
  gameId: string;
  onScore: (score: GameScore) => void;
  soundOn: boolean;
  onSoundChange: (on: boolean) => void;
}

/**
 * A bundled game: its one self-contained page, read through the service worker (so from the precache,
 * online or not), shown as the srcdoc of a frame with an opaque origin. A document with an opaque origin
 * is not served by the service worker, so the game must not need any other file; the build inlines
 * everything into that page (scripts/bundledGames.ts).
 */
function BundledGame({ title, url, gameId, onScore, soundOn, onSoundChange }: BundledGameProps) {
  const { runtime, session, status } = usePortal();
  const page = useBundledGame(url);
  const frame = useRef<HTMLIFrameElement>(null);
  const [playing, setPlaying] = useState(false);
  const sessionRef = useRef<GameSession | null>(null);
  const soundRef = useRef(soundOn);
  soundRef.current = soundOn;
  const scoreRef = useRef(onScore);
  scoreRef.current = onScore;
  const soundChangeRef = useRef(onSoundChange);
  soundChangeRef.current = onSoundChange;
  // Whose slot the saves go to; the game reloads when the student signs in or out.
  const owner = status === 'loading' ? null : saveOwner(session?.user.id ?? null);
  const data = runtime?.data ?? null;

  useEffect(() => {
    if (owner === null) return;
    const device = deviceId();
    const write = saveQueue((state) =>
      data === null ? Promise.reject(new Error('no storage')) : writeGameSave(data, { owner, gameId, state, deviceId: device, now: Date.now() }),
    );
    const game = new GameSession({
      gameId,
      post: (message) => frame.current?.contentWindow?.postMessage(message, '*'),
      readSave: () => (data === null ? Promise.resolve(null) : readGameSave(data, owner, gameId)),
      writeSave: write,
      muted: () => !soundRef.current,
      setMuted: (muted) => soundChangeRef.current(!muted),
      onScore: (score) => scoreRef.current(score),
      onGameplay: setPlaying,
      now: () => Date.now(),
      newRunId: () => crypto.randomUUID(),
    });
    sessionRef.current = game;
    const listener = (event: MessageEvent) => {
      const message = acceptGameMessage(event, frame.current?.contentWindow ?? null);
      if (message !== null) void game.receive(message);
    };
    window.addEventListener('message', listener);
    return () => {
      window.removeEventListener('message', listener);
      sessionRef.current = null;
    };
  }, [owner, gameId, data]);

  // The game hears every change, from the portal's button or its own.
  useEffect(() => {
    sessionRef.current?.mute(!soundOn);
  }, [soundOn]);

  if (page.state === 'failed') {
    return (
      <p className="game-frame-message" role="alert" data-testid="game-load-error">
        {title} could not be loaded. {navigator.onLine ? 'Try again in a moment.' : 'Connect to the internet once to keep it on this device.'}
      </p>
    );
  }
  return page.state === 'ready' && owner !== null ? (
    <iframe
      key={owner}
      ref={frame}
      srcDoc={page.html}
      title={title}
      sandbox={BUNDLED_SANDBOX}
      allow="fullscreen; autoplay; gamepad"
      referrerPolicy="no-referrer"
      data-testid="game-frame"
      data-gameplay={playing ? 'playing' : 'stopped'}
      // The keyboard should reach the game at once, without a click into the frame first.
      onLoad={() => frame.current?.contentWindow?.focus()}
    />
  ) : (
    <div className="game-frame-message" aria-busy="true" />
  );
}
