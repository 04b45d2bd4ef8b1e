import { checkRoomMove, withRoomMove, type RoomMove, type RoomState } from '../../domain/gameRoom.ts';
import { checkRunScore, gameplayStarted, gameplayStopped, issueRun, type RunClock } from '../../domain/gameRun.ts';
import {
  initMessage,
  muteMessage,
  newGameMessage,
  roomMessage,
  runMessage,
  scoreRequestMessage,
  savedMessage,
  type GameMessage,
  type GameCurrentScore,
  type GameAchievement,
  type GameFeatures,
  type GameStat,
  type GameScore,
  type PortalMessage,
} from '../../domain/gameSdk.ts';

/** The device's store refused the save for want of room (the store's StorageFullError, known by its name). */
function isStorageFull(error: unknown): boolean {
  return error instanceof Error && error.name === 'StorageFullError';
}

/** What a session needs from the portal; the real ones come from GameFrame, fakes from the tests. */
export interface GameSessionPorts {
  gameId: string;
  /** Posts to the game's frame (an opaque origin, so with targetOrigin '*'). */
  post: (message: PortalMessage) => void;
  readSave: () => Promise<string | null>;
  writeSave: (state: string) => Promise<void>;
  muted: () => boolean;
  setMuted: (muted: boolean) => void;
  /** A score whose run and duration passed the portal's checks. */
  onScore: (score: GameScore) => void;
  /** Whether the game is in play, from its gameplay-start and gameplay-stop. */
  onGameplay?: (playing: boolean) => void;
  /** The score on the game's screen, asked for with requestScore() or offered by the game. */
  onCurrentScore?: (score: GameCurrentScore) => void;
  /** What the game answers to, once it says so. */
  onFeatures?: (features: Omit<GameFeatures, 'type'>) => void;
  now: () => number;
  newRunId: () => string;
  /** A run was issued: the portal tells the server, whose clock then bounds the run's score. */
  onRunIssued?: (runId: string) => void;
  /** A move of the room's game that fits the room (its match, the next ply, this seat's turn), for the server to judge. */
  onMove?: (move: RoomMove) => void;
  /** The game unlocked an achievement in one of the runs this session issued, for the server to judge. */
  onAchievement?: (achievement: Omit<GameAchievement, 'type'>) => void;
  /** The game reported a stat in one of the runs this session issued, for the server to judge. */
  onStat?: (stat: Omit<GameStat, 'type'>) => void;
}

/**
 * The portal's half of one game frame's conversation (docs/game-sdk.md): the handshake hands the game
 * its run id, mute state, save and room; scores are checked against the portal's own clock of the run;
 * saves go to the device's store at once; moves must fit the room. Messages reach it already accepted
 * by acceptGameMessage.
 */
export class GameSession {
  private run: RunClock | null = null;
  private roomState: RoomState | null = null;
  /** Every run id this session handed the game: an achievement or stat names one of them, or is dropped. */
  private readonly issued = new Set<string>();

  constructor(private readonly ports: GameSessionPorts) {}

  async receive(message: GameMessage): Promise<void> {
    const { ports } = this;
    switch (message.type) {
      case 'sdk:hello': {
        // A reload inside the frame says hello again: it gets a fresh run and the save as it is now.
        this.run = issueRun(ports.newRunId(), ports.now());
        const runId = this.run.runId;
        this.issued.add(runId);
        ports.onRunIssued?.(runId);
        const save = await ports.readSave().catch(() => null);
        // A reloaded frame plays on from the room as it stands, its unconfirmed moves included.
        ports.post(initMessage({ gameId: ports.gameId, runId, muted: ports.muted(), save, room: this.roomState }));
        return;
      }
      case 'sdk:gameplay-start':
        if (this.run !== null) this.run = gameplayStarted(this.run, ports.now());
        ports.onGameplay?.(true);
        return;
      case 'sdk:gameplay-stop':
        if (this.run !== null) this.run = gameplayStopped(this.run, ports.now());
        ports.onGameplay?.(false);
        return;
      case 'sdk:score': {
        const now = ports.now();
        if (checkRunScore(this.run, message, now) !== 'ok') return;
        ports.onScore(message);
        // The score closes its run; the next play gets a new id, its clock running if play goes on.
        const playing = this.run?.playingSince !== null;
        this.run = issueRun(ports.newRunId(), now);
        if (playing) this.run = gameplayStarted(this.run, now);
        this.issued.add(this.run.runId);
        ports.onRunIssued?.(this.run.runId);
        ports.post(runMessage(this.run.runId));
        return;
      }
      case 'sdk:save':
        try {
          await ports.writeSave(message.state);
          ports.post(savedMessage(message.requestId));
        } catch (error) {
          ports.post(savedMessage(message.requestId, isStorageFull(error) ? 'storage-full' : 'failed'));
        }
        return;
      case 'sdk:set-muted':
        // The portal keeps the choice for every game and tells the game back through mute().
        ports.setMuted(message.muted);
        return;
      case 'sdk:current-score':
        ports.onCurrentScore?.(message);
        return;
      case 'sdk:features':
        ports.onFeatures?.({ currentScore: message.currentScore, newGame: message.newGame });
        return;
      case 'sdk:move': {
        const move = { matchId: message.matchId, ply: message.ply, move: message.move };
        if (this.roomState === null || checkRoomMove(this.roomState, move) !== 'ok') return;
        this.roomState = withRoomMove(this.roomState, move);
        ports.onMove?.(move);
        return;
      }
      case 'sdk:achievement':
        if (this.issued.has(message.runId)) ports.onAchievement?.({ runId: message.runId, id: message.id });
        return;
      case 'sdk:stat':
        if (this.issued.has(message.runId)) ports.onStat?.({ runId: message.runId, name: message.name, value: message.value });
        return;
    }
  }

  /** The room changed (a move confirmed or refused, the other seat moved, a result): the game hears it now, and on its next hello. */
  room(state: RoomState): void {
    this.roomState = state;
    this.ports.post(roomMessage(state));
  }

  /** The student asked for the score on the game's screen: the game answers with sdk:current-score. */
  requestScore(): void {
    this.ports.post(scoreRequestMessage());
  }

  /** The portal's New game button: the game starts over, keeping its save's best. */
  newGame(): void {
    this.ports.post(newGameMessage());
  }

  /** The portal's own sound toggle changed: the game hears it at once. */
  mute(muted: boolean): void {
    this.ports.post(muteMessage(muted));
  }
}
