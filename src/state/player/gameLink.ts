import { startGameRun } from '../../data/actions/startGameRun.ts';
import { queuedAchievements, rememberQueuedAchievements } from '../../store/achievementMemory.ts';
import { queueMutation } from '../../data/queue.ts';
import { ANONYMOUS_OWNER, deviceId, saveQueue, writeGameSave } from '../../data/gameSaves.ts';
import { isOnline } from '../../data/online.ts';
import { isUnreachable } from '../../data/result.ts';
import type { DataSource } from '../../data/source.ts';
import { RUN_START_PROMPT_MS } from '../../domain/gameRun.ts';
import { visitOpened, visitSaved } from '../../domain/saveMerge.ts';
import type { CloudSave } from './cloudSave.ts';
import { declaredAchievement } from './declaredAchievements.ts';

/** What one visit of a bundled game needs from the device and the server: its save, and its runs. */
export interface GameLink {
  /** The save for the game's handshake (the server's copy brought first when it can). */
  readSave: () => Promise<string | null>;
  /** Writes the game's save on the device, one write at a time, the newest winning; then on to the server. */
  writeSave: (state: string) => Promise<void>;
  /** The game started or stopped play (its gameplay-start and gameplay-stop). */
  gameplay: (playing: boolean) => void;
  /**
   * The portal issued a run: the server is told, so its clock bounds the run's score. With no network it
   * is told later, and only of a run an achievement was unlocked in.
   */
  runIssued: (runId: string) => void;
  /** Whether the server saw the run start in time to vouch for its play time (RUN_START_PROMPT_MS). */
  runSeen: (runId: string) => boolean;
  /**
   * The game unlocked an achievement: queued in the outbox for the server to judge, once per student,
   * game and device. Resolves 'queued' when it was queued now (the page shows it); 'needs-online' for a
   * stat's achievement in a run played with no network, which the server would refuse (it never saw the
   * run's pace), so it is not queued and the page says so; 'skipped' when it was queued before, nobody
   * is signed in, or the device refused it.
   */
  achievement: (runId: string, id: string) => Promise<AchievementOutcome>;
  /** The game reported a stat: queued in the outbox for the server to hold to its pace. */
  stat: (runId: string, name: string, value: number) => void;
}

export type AchievementOutcome = 'queued' | 'needs-online' | 'skipped';

export interface LinkParts {
  data: DataSource | null;
  owner: string;
  appId: string;
  gameId: string;
  cloud: CloudSave;
}

/** Opens one visit's link: what it remembers (runs seen, whether play began) starts afresh with each. */
export function openGameLink({ data, owner, appId, gameId, cloud }: LinkParts): GameLink {
  const device = deviceId();
  const seen = new Set<string>();
  // Runs issued with no network: the server hears of one only if an achievement is unlocked in it (see
  // achievement), and no stat of it is sent, since the server's clock never saw it run.
  const offline = new Set<string>();
  const noted = new Set<string>();
  let visit = visitOpened(null);
  // A game that saves twice while it opens (a shuffle, then its first frame) has not been played until
  // the student starts playing: only saves after gameplay began are play to send.
  let gameplaySeen = false;

  return {
    readSave: async () => {
      const handed = await cloud.readSave();
      visit = visitOpened(handed);
      return handed;
    },
    writeSave: saveQueue(async (state) => {
      if (data === null) throw new Error('no storage');
      visit = visitSaved(visit, state);
      const played = visit.played && gameplaySeen;
      await writeGameSave(data, { owner, gameId, state, deviceId: device, now: Date.now(), played });
      if (played) cloud.saved();
    }),
    gameplay: (playing) => {
      gameplaySeen ||= playing;
    },
    runIssued: (runId) => {
      if (data === null || owner === ANONYMOUS_OWNER) return;
      if (!isOnline()) {
        offline.add(runId);
        return;
      }
      const sent = Date.now();
      void startGameRun(data, appId, runId).then((result) => {
        if (result.error === null && Date.now() - sent <= RUN_START_PROMPT_MS) seen.add(runId);
        else if (result.error !== null && isUnreachable(result.error)) offline.add(runId);
      });
    },
    runSeen: (runId) => seen.has(runId),
    achievement: async (runId, id) => {
      if (data === null || owner === ANONYMOUS_OWNER) return 'skipped';
      const queued = queuedAchievements(owner, appId);
      if (queued.has(id)) return 'skipped';
      // Not remembered: the game's next unlock of it, in a run the server sees, is queued then.
      if (offline.has(runId) && declaredAchievement(gameId, id)?.stat !== undefined) return 'needs-online';
      try {
        // Queued first, so the server knows the run when the unlock reaches it (the outbox keeps the order).
        if (offline.has(runId) && !noted.has(runId)) {
          await queueMutation(data, { kind: 'note_offline_game_run', args: { p_app_id: appId, p_run_id: runId }, userId: owner });
          noted.add(runId);
        }
        await queueMutation(data, { kind: 'unlock_achievement', args: { p_app_id: appId, p_achievement: id, p_run_id: runId }, userId: owner });
      } catch {
        return 'skipped';
      }
      queued.add(id);
      rememberQueuedAchievements(owner, appId, queued);
      return 'queued';
    },
    stat: (runId, name, value) => {
      if (data === null || owner === ANONYMOUS_OWNER || offline.has(runId)) return;
      // A refusal is the game's bug (a name or value out of form), not the student's to read.
      void queueMutation(data, { kind: 'report_stat', args: { p_app_id: appId, p_run_id: runId, p_name: name, p_value: value }, userId: owner }).catch(() => undefined);
    },
  };
}
