import { parseGameMessage, proofBytes, type GameMessage } from '../../domain/gameBridge.ts';

/** The parts of a MessageEvent the portal looks at; a plain object in tests. */
export interface GameMessageEvent {
  origin: string;
  source: unknown;
  data: unknown;
}

export interface GameFrame {
  /** location.origin of the portal page. */
  origin: string;
  /** The game iframe's contentWindow, or null before it has loaded. */
  frameWindow: unknown;
  /** The bundled game the portal opened, from its catalogue URL. */
  gameId: string;
}

/**
 * The message a framed game posted, when it passes every check of docs/game-bridge.md: from the
 * portal's own origin, from the very frame the portal opened (another tab or frame of the same origin
 * must not fill in the form), and well formed for this game. Anything else is null and is ignored.
 */
export function acceptGameMessage(event: GameMessageEvent, frame: GameFrame): GameMessage | null {
  if (frame.gameId === '' || frame.frameWindow === null || frame.frameWindow === undefined) return null;
  if (event.origin !== frame.origin || event.source !== frame.frameWindow) return null;
  const parsed = parseGameMessage(event.data, { gameId: frame.gameId });
  return parsed.ok ? parsed.message : null;
}

/** The file name of a game's screenshot proof: '<gameId>-<score>.png'. */
export function proofFileName(gameId: string, score: number): string {
  return `${gameId}-${score}.png`;
}

/** An accepted proof data URL as the PNG file the score form uploads. */
export function proofFile(gameId: string, score: number, proof: string): File {
  const bytes = proofBytes(proof);
  return new File([bytes.buffer as ArrayBuffer], proofFileName(gameId, score), { type: 'image/png' });
}
