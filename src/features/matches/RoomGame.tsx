import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { RoomMove, RoomState } from '../../domain/gameRoom.ts';
import { acceptGameMessage } from '../player/gameMessages.ts';
import { GameSession } from '../player/gameSession.ts';
import { loadGameSoundOn, storeGameSoundOn } from '../player/soundPreference.ts';
import { hasPortalOrigin, Unsandboxed } from '../player/Unsandboxed.tsx';

/**
 * A bundled game framed for one seat of a match: the same sandboxed page as solo play, handed the room
 * instead of a save (docs/game-sdk.md, "Two players"). No score and no save leave a room's frame.
 */
export function RoomGame({ url, title, gameId, room, onMove }: { url: string; title: string; gameId: string; room: RoomState; onMove: (move: RoomMove) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const session = useRef<GameSession | null>(null);
  const moved = useEffectEvent((move: RoomMove) => onMove(move));
  const current = useEffectEvent(() => room);
  // A frame that came with the portal's own origin is not the sandboxed game: it is not shown.
  const [exposed, setExposed] = useState(false);

  useEffect(() => {
    const game = new GameSession({
      gameId,
      post: (message) => frame.current?.contentWindow?.postMessage(message, '*'),
      readSave: () => Promise.resolve(null),
      writeSave: () => Promise.resolve(),
      muted: () => !loadGameSoundOn(),
      setMuted: (mute) => {
        storeGameSoundOn(!mute);
        session.current?.mute(mute);
      },
      onScore: () => undefined,
      onMove: (move) => moved(move),
      now: () => Date.now(),
      newRunId: () => crypto.randomUUID(),
    });
    // The frame's hello comes after this: the session hands it the room in the init it answers with.
    game.room(current());
    session.current = game;
    const listener = (event: MessageEvent) => {
      const message = acceptGameMessage(event, frame.current?.contentWindow ?? null);
      if (message !== null) void game.receive(message);
    };
    window.addEventListener('message', listener);
    return () => {
      window.removeEventListener('message', listener);
      session.current = null;
    };
  }, [gameId]);

  useEffect(() => {
    session.current?.room(room);
  }, [room]);

  if (exposed) return <Unsandboxed title={title} />;
  return (
    <div className="game-frame">
      <iframe
        ref={frame}
        src={url}
        title={title}
        allow="fullscreen; autoplay; gamepad"
        referrerPolicy="no-referrer"
        data-testid="game-frame"
        onLoad={(event) => {
          if (hasPortalOrigin(event.currentTarget)) setExposed(true);
          else event.currentTarget.contentWindow?.focus();
        }}
      />
    </div>
  );
}
