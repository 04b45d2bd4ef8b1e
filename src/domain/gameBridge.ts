import { PROOF_MAX_BYTES, SCORE_MAX } from './score.ts';

// The portal's side of the game score bridge (public/games/bridge.js, docs/game-bridge.md). A framed
// game is untrusted: anything it posts is checked here before it reaches the score form.

export const GAME_BRIDGE_VERSION = 1;
export const PROOF_PREFIX = 'data:image/png;base64,';

/** The first eight bytes of every PNG file, base64-encoded (12 characters cover 9 bytes). */
const PNG_SIGNATURE_BASE64 = 'iVBORw0KGgo';
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;

export interface GameReadyMessage {
  type: 'portal:ready';
  version: 1;
  gameId: string;
}

export interface GameScoreMessage {
  type: 'portal:score';
  version: 1;
  gameId: string;
  score: number;
  proof: string | null;
}

export type GameMessage = GameReadyMessage | GameScoreMessage;

export type GameMessageRejection =
  | 'not-an-object'
  | 'unknown-type'
  | 'wrong-version'
  | 'wrong-game'
  | 'bad-score'
  | 'bad-proof';

export type ParsedGameMessage = { ok: true; message: GameMessage } | { ok: false; reason: GameMessageRejection };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Bytes a base64 body decodes to, counting its padding. */
function decodedLength(body: string): number {
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return (body.length / 4) * 3 - padding;
}

function isValidProof(proof: unknown): proof is string | null {
  if (proof === null) return true;
  if (typeof proof !== 'string' || !proof.startsWith(PROOF_PREFIX)) return false;
  const body = proof.slice(PROOF_PREFIX.length);
  // Length first, so an oversized string is turned away before the regex walks it.
  if (body.length % 4 !== 0 || decodedLength(body) > PROOF_MAX_BYTES) return false;
  return body.startsWith(PNG_SIGNATURE_BASE64) && BASE64_BODY.test(body);
}

function isValidScore(score: unknown): score is number {
  return typeof score === 'number' && Number.isSafeInteger(score) && score >= 0 && score <= SCORE_MAX;
}

/**
 * Checks a message a framed game posted. `expected.gameId` is the game the portal opened, so a game
 * cannot post for another one. Unknown extra fields are tolerated (a newer game may add some) but never
 * copied: the message returned holds only the fields of the protocol.
 *
 * The caller must also check, before calling this, that event.origin === location.origin and that
 * event.source is the game's iframe contentWindow.
 */
export function parseGameMessage(data: unknown, expected: { gameId: string }): ParsedGameMessage {
  if (!isRecord(data)) return { ok: false, reason: 'not-an-object' };
  if (data.type !== 'portal:ready' && data.type !== 'portal:score') return { ok: false, reason: 'unknown-type' };
  if (data.version !== GAME_BRIDGE_VERSION) return { ok: false, reason: 'wrong-version' };
  if (typeof data.gameId !== 'string' || expected.gameId === '' || data.gameId !== expected.gameId) {
    return { ok: false, reason: 'wrong-game' };
  }
  if (data.type === 'portal:ready') {
    return { ok: true, message: { type: 'portal:ready', version: GAME_BRIDGE_VERSION, gameId: data.gameId } };
  }
  if (!isValidScore(data.score)) return { ok: false, reason: 'bad-score' };
  if (!isValidProof(data.proof)) return { ok: false, reason: 'bad-proof' };
  return {
    ok: true,
    message: {
      type: 'portal:score',
      version: GAME_BRIDGE_VERSION,
      gameId: data.gameId,
      // + 0 turns -0 into 0, which JSON and the database would do anyway.
      score: data.score + 0,
      proof: data.proof,
    },
  };
}

/** The game id of a bundled game's URL ('/games/snake/index.html' -> 'snake'), or null for other URLs. */
export function bundledGameId(url: string): string | null {
  const match = /^\/games\/([a-z0-9][a-z0-9-]*)\/(?:index\.html)?$/.exec(url);
  return match?.[1] ?? null;
}

/** The bytes of a proof accepted by parseGameMessage, to upload as a PNG file. */
export function proofBytes(proof: string): Uint8Array {
  const binary = atob(proof.slice(PROOF_PREFIX.length));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
