import { ExternalLink, Maximize, Minimize, RotateCcw, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import toast from 'react-hot-toast';
import { usePortal } from '../../state/portal.tsx';
import { startGameRun } from '../../data/actions/startGameRun.ts';
import { deviceId, saveOwner, saveQueue, writeGameSave } from '../../data/gameSaves.ts';
import { isOnline } from '../../data/online.ts';
import { RUN_START_PROMPT_MS } from '../../domain/gameRun.ts';
import { visitOpened, visitSaved } from '../../domain/saveMerge.ts';
import type { GameCurrentScore, GameFeatures, GameScore } from '../../domain/gameSdk.ts';
import { EXTERNAL_SANDBOX, packCopyUrl } from '../../domain/gameSandbox.ts';
import { acceptGameMessage } from './gameMessages.ts';
import { GameSession } from './gameSession.ts';
import { SaveChoice } from './SaveChoice.tsx';
import { useCloudSave } from './useCloudSave.ts';
import { loadGameSoundOn, storeGameSoundOn } from './soundPreference.ts';

/**
 * True when a frame's page has the portal's own origin: its sandbox header was lost (a static host
 * set up without docs/security-headers.md), so the game could reach the session and must not stay.
 */
function hasPortalOrigin(frame: HTMLIFrameElement): boolean {
  const document = frame.contentDocument;
  return document !== null && document.URL !== 'about:blank';
}

/** Said instead of a game that came without its sandbox. */
function Unsandboxed({ title }: { title: string }) {
  return (
    <p className="game-frame-message" role="alert" data-testid="game-load-error">
      {title} was not opened: this server sent it without the sandbox that keeps games away from your account. Tell the person who runs
      the portal.
    </p>
  );
}

/** A score the game reported, and whether the server saw its run start in time to vouch for its play time. */
export interface PlayedScore extends GameScore {
  runSeen: boolean;
}

/** What a bundled game answers to beyond the basics (sdk:features); nothing until it says so. */
export type GameAbilities = Omit<GameFeatures, 'type'>;
export const NO_ABILITIES: GameAbilities = { currentScore: false, newGame: false };

interface GameFrameProps {
  /** The catalogue id the server knows the game by. */
  appId: string;
  title: string;
  url: string;
  /** The game's page is kept in the offline pack: the service worker plays it instead of loading `url`. */
  packCopy: boolean;
  /** The bundled game's id; null for external apps, which have no SDK. */
  gameId: string | null;
  /** Called for each accepted score; keep it stable (useCallback). */
  onScore: (score: PlayedScore) => void;
  /** The score on the game's screen, when the game hands it over (sdk:current-score); keep it stable. */
  onCurrentScore: (score: GameCurrentScore) => void;
  /** The conversation with the bundled game, for the page's buttons that ask the game for something. */
  sessionRef: RefObject<GameSession | null>;
  abilities: GameAbilities;
  onAbilities: (abilities: GameAbilities) => void;
}

export function GameFrame({ appId, title, url, packCopy, gameId, onScore, onCurrentScore, sessionRef, abilities, onAbilities }: GameFrameProps) {
  const { runtime, session, status } = usePortal();
  const container = useRef<HTMLDivElement>(null);
  const [loads, setLoads] = useState(0);
  const reload = () => setLoads((n) => n + 1);
  const saveOwnerNow = status === 'loading' ? null : saveOwner(session?.user.id ?? null);
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
            onReload={reload}
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
      </div>
      {gameId !== null && saveOwnerNow !== null && runtime !== null && (
        <SaveChoice data={runtime.data} owner={saveOwnerNow} gameId={gameId} title={title} onTaken={reload} />
      )}
    </div>
  );
}

interface BundledGameProps {
  appId: string;
  title: string;
  url: string;
  gameId: string;
  onScore: (score: PlayedScore) => void;
  onCurrentScore: (score: GameCurrentScore) => void;
  onAbilities: (abilities: GameAbilities) => void;
  sessionRef: RefObject<GameSession | null>;
  soundOn: boolean;
  onSoundChange: (on: boolean) => void;
  onExposed: () => void;
  /** Counts the reloads of the game asked for from outside (a save the student chose); a change reloads it. */
  loads: number;
  onReload: () => void;
}

/**
 * A bundled game: its one self-contained page, framed by URL and served by the service worker from its
 * precache (online or not) with the header that sandboxes it to an opaque origin; a game not kept and
 * not reachable gets the worker's page saying so. A document with an opaque origin is not served by the
 * service worker, so the game must not need any other file; the build inlines everything into that page
 * (scripts/bundledGames.ts).
 */
function BundledGame({ appId, title, url, gameId, onScore, onCurrentScore, onAbilities, sessionRef, soundOn, onSoundChange, onExposed, loads, onReload }: BundledGameProps) {
  const { runtime, session, status } = usePortal();
  const frame = useRef<HTMLIFrameElement>(null);
  const [playing, setPlaying] = useState(false);
  const soundRef = useRef(soundOn);
  soundRef.current = soundOn;
  const scoreRef = useRef(onScore);
  scoreRef.current = onScore;
  const currentScoreRef = useRef(onCurrentScore);
  currentScoreRef.current = onCurrentScore;
  const abilitiesRef = useRef(onAbilities);
  abilitiesRef.current = onAbilities;
  const soundChangeRef = useRef(onSoundChange);
  soundChangeRef.current = onSoundChange;
  // Whose slot the saves go to; the game reloads when the student signs in or out.
  const owner = status === 'loading' ? null : saveOwner(session?.user.id ?? null);
  const data = runtime?.data ?? null;
  const cloud = useCloudSave(data, owner, gameId, () => {
    toast(`${title} goes on from a newer save made on another device.`);
    onReload();
  });

  useEffect(() => {
    if (owner === null) return;
    const device = deviceId();
    // Runs the server saw start promptly; only their scores are sent with the run id (RUN_START_PROMPT_MS).
    const seen = new Set<string>();
    const tellServer = (runId: string) => {
      if (data === null || owner === saveOwner(null) || !isOnline()) return;
      const sent = Date.now();
      void startGameRun(data, appId, runId).then((result) => {
        if (result.error === null && Date.now() - sent <= RUN_START_PROMPT_MS) seen.add(runId);
      });
    };
    let visit = visitOpened(null);
    // A game that saves twice while it opens (a shuffle, then its first frame) has not been played until
    // the student starts playing: only saves after gameplay began are play to send.
    let gameplaySeen = false;
    const readSave = async () => {
      const handed = await cloud.readSave();
      visit = visitOpened(handed);
      return handed;
    };
    const write = saveQueue(async (state) => {
      if (data === null) throw new Error('no storage');
      visit = visitSaved(visit, state);
      const played = visit.played && gameplaySeen;
      await writeGameSave(data, { owner, gameId, state, deviceId: device, now: Date.now(), played });
      if (played) cloud.saved();
    });
    const game = new GameSession({
      gameId,
      post: (message) => frame.current?.contentWindow?.postMessage(message, '*'),
      readSave,
      writeSave: write,
      muted: () => !soundRef.current,
      setMuted: (muted) => soundChangeRef.current(!muted),
      onScore: (score) => scoreRef.current({ ...score, runSeen: seen.has(score.runId) }),
      onCurrentScore: (score) => currentScoreRef.current(score),
      onFeatures: (features) => abilitiesRef.current(features),
      onGameplay: (now) => {
        gameplaySeen ||= now;
        setPlaying(now);
      },
      now: () => Date.now(),
      newRunId: () => crypto.randomUUID(),
      onRunIssued: tellServer,
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
  }, [owner, gameId, appId, data, cloud, sessionRef]);

  // The game hears every change, from the portal's button or its own.
  useEffect(() => {
    sessionRef.current?.mute(!soundOn);
  }, [soundOn, sessionRef]);

  return owner !== null ? (
    <iframe
      key={`${owner}:${loads}`}
      ref={frame}
      src={url}
      title={title}
      allow="fullscreen; autoplay; gamepad"
      referrerPolicy="no-referrer"
      data-testid="game-frame"
      data-gameplay={playing ? 'playing' : 'stopped'}
      onLoad={(event) => {
        if (hasPortalOrigin(event.currentTarget)) onExposed();
        // The keyboard should reach the game at once, without a click into the frame first.
        else event.currentTarget.contentWindow?.focus();
      }}
    />
  ) : (
    <div className="game-frame-message" aria-busy="true" />
  );
}
