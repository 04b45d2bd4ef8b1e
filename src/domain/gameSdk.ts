import { ACHIEVEMENT_ID, STAT_NAME, STAT_THRESHOLD_MAX } from './achievementDeclaration.ts';
import { ROOM_MATCH_ID, ROOM_MOVE, type RoomState } from './gameRoom.ts';
import { PROOF_MAX_BYTES, SCORE_MAX } from './score.ts';

// The portal's side of the game SDK, version 2 (games/shared/sdk.js, docs/game-sdk.md). A framed game
// is untrusted: everything it posts is checked here before it reaches the score form or the save store.

export const GAME_SDK_VERSION = 2;
export const PROOF_PREFIX = 'data:image/png;base64,';

/**
 * A save is JSON text of at most 32 KiB (UTF-8). The largest bundled saves (a record of every times-table
 * fact, a sudoku full of pencil marks) stay under 3 KiB, so an outside game has ten times that room; and the
 * limit keeps one save a small outbox row and a small request once saves sync, on a school's network.
 */
export const SAVE_MAX_BYTES = 32 * 1024;

/** No single play lasts a day; a longer duration is a broken or forged clock. */
export const RUN_DURATION_MAX_MS = 24 * 60 * 60 * 1000;

/** The first eight bytes of every PNG file, base64-encoded (12 characters cover 9 bytes). */
const PNG_SIGNATURE_BASE64 = 'iVBORw0KGgo';
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;
/** The run ids the portal issues: crypto.randomUUID(), lower-case. */
const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// Game -> portal.

export interface GameHello {
  type: 'sdk:hello';
}
export interface GameplayStart {
  type: 'sdk:gameplay-start';
}
export interface GameplayStop {
  type: 'sdk:gameplay-stop';
}
export interface GameScore {
  type: 'sdk:score';
  /** The run id the portal issued (at the handshake, then after each score). */
  runId: string;
  score: number;
  /** Milliseconds of play (between gameplay-start and gameplay-stop) in this run. */
  durationMs: number;
  /** The game went on from a save, so its score holds play from before this run. */
  resumed: boolean;
  proof: string | null;
}
export interface GameSave {
  type: 'sdk:save';
  /** Chosen by the game; echoed in the answer. */
  requestId: number;
  /** JSON text; 'null' clears the slot's content. */
  state: string;
}
export interface GameSetMuted {
  type: 'sdk:set-muted';
  muted: boolean;
}
/**
 * The score on the game's screen now, mid-run, with a screenshot of its play area: what the student
 * would otherwise copy by hand. It carries no run: the portal sends it like a score typed in.
 */
export interface GameCurrentScore {
  type: 'sdk:current-score';
  score: number;
  proof: string | null;
}
/** What the game answers to beyond the basics: a score asked for now, a new game asked for by the portal. */
export interface GameFeatures {
  type: 'sdk:features';
  currentScore: boolean;
  newGame: boolean;
}

/** A move in a two-player room (gameRoom.ts), for the ply it would take. */
export interface GameMove {
  type: 'sdk:move';
  matchId: string;
  ply: number;
  move: string;
}

/** The player earned one of the game's declared achievements in this run (issue 29). */
export interface GameAchievement {
  type: 'sdk:achievement';
  runId: string;
  id: string;
}
/** A declared stat's value in this run so far (issue 29). */
export interface GameStat {
  type: 'sdk:stat';
  runId: string;
  name: string;
  value: number;
}

export type GameMessage =
  | GameHello
  | GameplayStart
  | GameplayStop
  | GameScore
  | GameSave
  | GameSetMuted
  | GameCurrentScore
  | GameFeatures
  | GameMove
  | GameAchievement
  | GameStat;
export type GameMessageType = GameMessage['type'];

export type GameMessageRejection =
  | 'not-an-object'
  | 'unknown-type'
  | 'wrong-version'
  | 'bad-run'
  | 'bad-score'
  | 'bad-duration'
  | 'bad-resumed'
  | 'bad-proof'
  | 'bad-request'
  | 'not-json'
  | 'save-too-large'
  | 'bad-muted'
  | 'bad-features'
  | 'bad-match'
  | 'bad-ply'
  | 'bad-move'
  | 'bad-achievement'
  | 'bad-stat';

export type ParsedGameMessage = { ok: true; message: GameMessage } | { ok: false; reason: GameMessageRejection };

// Portal -> game.

export interface PortalInit {
  type: 'portal:init';
  version: 2;
  gameId: string;
  runId: string;
  muted: boolean;
  /** The student's save for this game (JSON text), or null when there is none. */
  save: string | null;
  /** The two-player match this frame plays a seat of; null for a game played alone. */
  room: RoomState | null;
}
export interface PortalRun {
  type: 'portal:run';
  version: 2;
  runId: string;
}
export interface PortalSaved {
  type: 'portal:saved';
  version: 2;
  requestId: number;
  ok: boolean;
  /**
   * Why the save was not kept, when ok is false. Text that is too large or not JSON never gets here:
   * the SDK refuses it before posting, and the portal ignores a forged one.
   */
  error: 'storage-full' | 'failed' | null;
}
export interface PortalMute {
  type: 'portal:mute';
  version: 2;
  muted: boolean;
}
/** The student pressed "Use my score": the game answers with sdk:current-score. */
export interface PortalScoreRequest {
  type: 'portal:score-request';
  version: 2;
}
/** The portal's New game button: the game starts over without reloading its save. */
export interface PortalNewGame {
  type: 'portal:new-game';
  version: 2;
}
/** The room changed: a move confirmed or refused, the other seat moved, a result. */
export interface PortalRoom {
  type: 'portal:room';
  version: 2;
  room: RoomState;
}
export type PortalMessage = PortalInit | PortalRun | PortalSaved | PortalMute | PortalScoreRequest | PortalNewGame | PortalRoom;

const TYPES: ReadonlySet<string> = new Set<GameMessageType>([
  'sdk:hello',
  'sdk:gameplay-start',
  'sdk:gameplay-stop',
  'sdk:score',
  'sdk:save',
  'sdk:set-muted',
  'sdk:current-score',
  'sdk:features',
  'sdk:move',
  'sdk:achievement',
  'sdk:stat',
]);

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

function isWhole(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max;
}

/** UTF-8 bytes of a string. */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Null when `state` is JSON text within SAVE_MAX_BYTES, else why not. */
export function checkSaveState(state: unknown): 'not-json' | 'save-too-large' | null {
  if (typeof state !== 'string') return 'not-json';
  // UTF-8 never takes fewer bytes than UTF-16 code units, so a long string fails before it is encoded.
  if (state.length > SAVE_MAX_BYTES || utf8Bytes(state) > SAVE_MAX_BYTES) return 'save-too-large';
  try {
    JSON.parse(state);
  } catch {
    return 'not-json';
  }
  return null;
}

/**
 * Checks a message a framed game posted. Unknown extra fields are tolerated (a newer game may add
 * some) but never copied: the message returned holds only the fields of the protocol.
 *
 * The caller must also check, before calling this, that event.source is the game's iframe
 * contentWindow (acceptGameMessage in features/player does).
 */
export function parseGameMessage(data: unknown): ParsedGameMessage {
  if (!isRecord(data)) return { ok: false, reason: 'not-an-object' };
  if (typeof data.type !== 'string' || !TYPES.has(data.type)) return { ok: false, reason: 'unknown-type' };
  if (data.version !== GAME_SDK_VERSION) return { ok: false, reason: 'wrong-version' };
  const type = data.type as GameMessageType;
  switch (type) {
    case 'sdk:hello':
    case 'sdk:gameplay-start':
    case 'sdk:gameplay-stop':
      return { ok: true, message: { type } };
    case 'sdk:score': {
      if (typeof data.runId !== 'string' || !RUN_ID.test(data.runId)) return { ok: false, reason: 'bad-run' };
      if (!isWhole(data.score, SCORE_MAX)) return { ok: false, reason: 'bad-score' };
      if (!isWhole(data.durationMs, RUN_DURATION_MAX_MS)) return { ok: false, reason: 'bad-duration' };
      // Optional: games written before it never say so.
      if (data.resumed !== undefined && typeof data.resumed !== 'boolean') return { ok: false, reason: 'bad-resumed' };
      if (!isValidProof(data.proof)) return { ok: false, reason: 'bad-proof' };
      // + 0 turns -0 into 0, which JSON and the database would do anyway.
      return {
        ok: true,
        message: {
          type,
          runId: data.runId,
          score: data.score + 0,
          durationMs: data.durationMs + 0,
          resumed: data.resumed === true,
          proof: data.proof,
        },
      };
    }
    case 'sdk:save': {
      if (!isWhole(data.requestId, Number.MAX_SAFE_INTEGER)) return { ok: false, reason: 'bad-request' };
      const problem = checkSaveState(data.state);
      if (problem !== null) return { ok: false, reason: problem };
      return { ok: true, message: { type, requestId: data.requestId + 0, state: data.state as string } };
    }
    case 'sdk:set-muted':
      if (typeof data.muted !== 'boolean') return { ok: false, reason: 'bad-muted' };
      return { ok: true, message: { type, muted: data.muted } };
    case 'sdk:current-score':
      if (!isWhole(data.score, SCORE_MAX)) return { ok: false, reason: 'bad-score' };
      if (!isValidProof(data.proof)) return { ok: false, reason: 'bad-proof' };
      return { ok: true, message: { type, score: data.score + 0, proof: data.proof } };
    case 'sdk:features':
      if (typeof data.currentScore !== 'boolean' || typeof data.newGame !== 'boolean') return { ok: false, reason: 'bad-features' };
      return { ok: true, message: { type, currentScore: data.currentScore, newGame: data.newGame } };
    case 'sdk:move':
      // Only the form is checked here; whether the room takes the move is gameRoom.ts's checkRoomMove.
      if (typeof data.matchId !== 'string' || !ROOM_MATCH_ID.test(data.matchId)) return { ok: false, reason: 'bad-match' };
      if (!isWhole(data.ply, Number.MAX_SAFE_INTEGER)) return { ok: false, reason: 'bad-ply' };
      if (typeof data.move !== 'string' || !ROOM_MOVE.test(data.move)) return { ok: false, reason: 'bad-move' };
      return { ok: true, message: { type, matchId: data.matchId, ply: data.ply + 0, move: data.move } };
    case 'sdk:achievement':
      if (typeof data.runId !== 'string' || !RUN_ID.test(data.runId)) return { ok: false, reason: 'bad-run' };
      if (typeof data.id !== 'string' || !ACHIEVEMENT_ID.test(data.id)) return { ok: false, reason: 'bad-achievement' };
      return { ok: true, message: { type, runId: data.runId, id: data.id } };
    case 'sdk:stat':
      if (typeof data.runId !== 'string' || !RUN_ID.test(data.runId)) return { ok: false, reason: 'bad-run' };
      if (typeof data.name !== 'string' || !STAT_NAME.test(data.name) || !isWhole(data.value, STAT_THRESHOLD_MAX)) {
        return { ok: false, reason: 'bad-stat' };
      }
      return { ok: true, message: { type, runId: data.runId, name: data.name, value: data.value + 0 } };
  }
}

export function initMessage(fields: Omit<PortalInit, 'type' | 'version'>): PortalInit {
  return { type: 'portal:init', version: GAME_SDK_VERSION, ...fields };
}
export function runMessage(runId: string): PortalRun {
  return { type: 'portal:run', version: GAME_SDK_VERSION, runId };
}
export function savedMessage(requestId: number, error: PortalSaved['error'] = null): PortalSaved {
  return { type: 'portal:saved', version: GAME_SDK_VERSION, requestId, ok: error === null, error };
}
export function muteMessage(muted: boolean): PortalMute {
  return { type: 'portal:mute', version: GAME_SDK_VERSION, muted };
}

export function scoreRequestMessage(): PortalScoreRequest {
  return { type: 'portal:score-request', version: GAME_SDK_VERSION };
}
export function newGameMessage(): PortalNewGame {
  return { type: 'portal:new-game', version: GAME_SDK_VERSION };
}
export function roomMessage(room: RoomState): PortalRoom {
  return { type: 'portal:room', version: GAME_SDK_VERSION, room };
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
