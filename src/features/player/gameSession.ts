import { checkRunScore, gameplayStarted, gameplayStopped, issueRun, type RunClock } from '../../domain/gameRun.ts';
import {
  initMessage,
  muteMessage,
  newGameMessage,
  runMessage,
  scoreRequestMessage,
  savedMessage,
  type GameMessage,
  type GameCurrentScore,
  type GameFeatures,
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
}

/**
 * The portal's half of one game frame's conversation (docs/game-sdk.md): the handshake hands the game
 * its run id, mute state and save; scores are checked against the portal's own clock of the run; saves
 * go to the device's store at once. Messages reach it already accepted by acceptGameMessage.
 */
export class GameSession {
  private run: RunClock | null = null;

  constructor(private readonly ports: GameSessionPorts) {}

  async receive(message: GameMessage): Promise<void> {
    const { ports } = this;
    switch (message.type) {
      case 'sdk:hello': {
        // A reload inside the frame says hello again: it gets a fresh run and the save as it is now.
        this.run = issueRun(ports.newRunId(), ports.now());
        const runId = this.run.runId;
        ports.onRunIssued?.(runId);
        const save = await ports.readSave().catch(() => null);
        ports.post(initMessage({ gameId: ports.gameId, runId, muted: ports.muted(), save }));
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
    }
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
