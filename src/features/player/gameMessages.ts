import { parseGameMessage, proofBytes, type GameMessage } from '../../domain/gameSdk.ts';

/** The parts of a MessageEvent the portal looks at; a plain object in tests. */
export interface GameMessageEvent {
  origin: string;
  source: unknown;
  data: unknown;
}

/**
 * The message a framed game posted, when it passes every check of docs/game-sdk.md: from the very
 * frame the portal opened (another tab or frame must not fill in the form or write a save), from an
 * opaque origin as the sandbox gives every bundled game ('null': a frame that somehow had a real
 * origin is not the sandboxed game), and well formed. Anything else is null and is ignored.
 */
export function acceptGameMessage(event: GameMessageEvent, frameWindow: unknown): GameMessage | null {
  if (frameWindow === null || frameWindow === undefined) return null;
  if (event.source !== frameWindow || event.origin !== 'null') return null;
  const parsed = parseGameMessage(event.data);
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
