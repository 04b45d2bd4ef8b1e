import { useEffect, useRef, useState } from 'react';
import type { GameScoreMessage } from '../../domain/gameBridge.ts';
import { packSrcdoc } from '../../domain/offlinePack.ts';
import { acceptGameMessage } from './gameMessages.ts';

/**
 * Bundled games are the portal's own files on its own origin. They need allow-same-origin: without
 * it their origin is opaque ('null'), so their postMessage fails the origin check of the score bridge
 * and localStorage (their best score) throws. A same-origin frame with scripts could reach the portal
 * page, which is acceptable only because these files ship with the portal.
 */
export const BUNDLED_SANDBOX = 'allow-scripts allow-same-origin allow-pointer-lock';
/**
 * Anything else runs with an opaque origin: it can never touch the portal's storage or session. That
 * holds for an offline-pack copy too, although its srcdoc page would otherwise share the portal's origin.
 */
export const EXTERNAL_SANDBOX = 'allow-scripts allow-forms allow-pointer-lock';

interface GameFrameProps {
  title: string;
  url: string;
  /** The game's page kept in the offline pack: shown instead of loading `url`. */
  packCopy?: string | undefined;
  /** The bundled game's id; null for external apps, which have no score bridge. */
  gameId: string | null;
  /** Called for each accepted score; keep it stable (useCallback), the listener is re-added when it changes. */
  onScore: (message: GameScoreMessage) => void;
}

export function GameFrame({ title, url, packCopy, gameId, onScore }: GameFrameProps) {
  const container = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    if (gameId === null) return;
    const listener = (event: MessageEvent) => {
      const message = acceptGameMessage(event, { origin: location.origin, frameWindow: frame.current?.contentWindow ?? null, gameId });
      if (message?.type === 'portal:score') onScore(message);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [gameId, onScore]);

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
        <iframe
          ref={frame}
          {...(packCopy === undefined ? { src: url } : { srcDoc: packSrcdoc(packCopy, new URL(url, location.href).href) })}
          title={title}
          sandbox={gameId === null || packCopy !== undefined ? EXTERNAL_SANDBOX : BUNDLED_SANDBOX}
          allow="fullscreen; autoplay; gamepad"
          referrerPolicy="no-referrer"
          data-testid="game-frame"
          // The keyboard should reach the game at once, without a click into the frame first.
          onLoad={() => frame.current?.contentWindow?.focus()}
        />
      </div>
      <div className="game-toolbar">
        <button type="button" className="button" onClick={toggleFullscreen} data-testid="fullscreen">
          {fullscreen ? 'Exit full screen' : 'Full screen'}
        </button>
        {gameId === null && (
          <a className="button button-quiet" href={url} target="_blank" rel="noopener noreferrer">
            Open in a new tab
          </a>
        )}
      </div>
    </div>
  );
}
