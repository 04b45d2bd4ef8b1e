import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import type { GameCurrentScore } from '../../domain/gameSdk.ts';
import { useGameSaves } from '../../state/player.ts';
import { showAchievementOutcome } from './achievementToast.tsx';
import type { GameAbilities, PlayedScore } from './gameReports.ts';
import { acceptGameMessage } from './gameMessages.ts';
import { GameSession } from './gameSession.ts';
import { hasPortalOrigin } from './Unsandboxed.tsx';

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
}

/**
 * A bundled game: its one self-contained page, framed by URL and served by the service worker from its
 * precache (online or not) with the header that sandboxes it to an opaque origin; a game not kept and
 * not reachable gets the worker's page saying so. A document with an opaque origin is not served by the
 * service worker, so the game must not need any other file; the build inlines everything into that page
 * (scripts/bundledGames.ts).
 */
export function BundledGame({ appId, title, url, gameId, onScore, onCurrentScore, onAbilities, sessionRef, soundOn, onSoundChange, onExposed, loads }: BundledGameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [playing, setPlaying] = useState(false);
  // Whose slot the saves go to; the game reloads when the student signs in or out, or a newer save lands.
  const { owner, replaced, connect } = useGameSaves(appId, gameId, title);
  // The game's conversation outlives renders: it hears the page's latest answers through these.
  const muted = useEffectEvent(() => !soundOn);
  const setMuted = useEffectEvent((mute: boolean) => onSoundChange(!mute));
  const scored = useEffectEvent((score: PlayedScore) => onScore(score));
  const scoreShown = useEffectEvent((score: GameCurrentScore) => onCurrentScore(score));
  const answersTo = useEffectEvent((abilities: GameAbilities) => onAbilities(abilities));

  useEffect(() => {
    if (connect === null) return;
    const link = connect();
    const game = new GameSession({
      gameId,
      post: (message) => frame.current?.contentWindow?.postMessage(message, '*'),
      readSave: link.readSave,
      writeSave: link.writeSave,
      muted: () => muted(),
      setMuted: (mute) => setMuted(mute),
      onScore: (score) => scored({ ...score, runSeen: link.runSeen(score.runId) }),
      onCurrentScore: (score) => scoreShown(score),
      onFeatures: (features) => answersTo(features),
      onGameplay: (now) => {
        link.gameplay(now);
        setPlaying(now);
      },
      now: () => Date.now(),
      newRunId: () => crypto.randomUUID(),
      onRunIssued: link.runIssued,
      onAchievement: ({ runId, id }) => {
        void link.achievement(runId, id).then((outcome) => showAchievementOutcome(gameId, id, outcome));
      },
      onStat: ({ runId, name, value }) => link.stat(runId, name, value),
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
  }, [connect, gameId, sessionRef]);

  // The game hears every change, from the portal's button or its own.
  useEffect(() => {
    sessionRef.current?.mute(!soundOn);
  }, [soundOn, sessionRef]);

  return owner !== null ? (
    <iframe
      key={`${owner}:${loads}:${replaced}`}
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
