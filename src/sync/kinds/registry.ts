import type { MutationArgs, MutationKind, OutboxItem } from '../../store/db.ts';
import type { EffectContext, Ending } from '../effects.ts';
import type { MirrorView } from '../../store/mirrorView.ts';
import { buyItem } from './buy_item.ts';
import { claimBattlepassTier } from './claim_battlepass_tier.ts';
import { claimStreak } from './claim_streak.ts';
import { incrementTimeSpent } from './increment_time_spent.ts';
import type { MutationKindModule } from './kind.ts';
import { makeMatchMove } from './make_match_move.ts';
import { noteOfflineGameRun } from './note_offline_game_run.ts';
import { putGameSave } from './put_game_save.ts';
import { recordAppPlayed } from './record_app_played.ts';
import { reportStat } from './report_stat.ts';
import { sendChatMessage } from './send_chat_message.ts';
import { setItemEquipped } from './set_item_equipped.ts';
import { submitScore } from './submit_score.ts';
import { unlockAchievement } from './unlock_achievement.ts';
import { updateProfile } from './update_profile.ts';

/** One module for every kind the outbox may queue: a kind missing here does not compile. */
export type KindRegistry = { readonly [K in MutationKind]: MutationKindModule<K> };

export const KINDS: KindRegistry = {
  claim_streak: claimStreak,
  record_app_played: recordAppPlayed,
  increment_time_spent: incrementTimeSpent,
  buy_item: buyItem,
  set_item_equipped: setItemEquipped,
  claim_battlepass_tier: claimBattlepassTier,
  submit_score: submitScore,
  update_profile: updateProfile,
  send_chat_message: sendChatMessage,
  put_game_save: putGameSave,
  unlock_achievement: unlockAchievement,
  report_stat: reportStat,
  note_offline_game_run: noteOfflineGameRun,
  make_match_move: makeMatchMove,
};

/**
 * The module of a stored item's kind, or undefined for a kind this build does not know (a row written
 * by another version of the app): such an item is shown by its name and left for the server to judge.
 * Stored arguments passed the kind's check when they were queued, which is what lets them stand for
 * the kind's typed arguments here.
 */
function moduleOf(item: Pick<OutboxItem, 'kind'>): MutationKindModule<MutationKind> | undefined {
  return Object.hasOwn(KINDS, item.kind) ? KINDS[item.kind] : undefined;
}

function argsOf(item: Pick<OutboxItem, 'args'>): MutationArgs[MutationKind] {
  return item.args;
}

/** The context an item's effect runs in: its own id, student and time, whenever it is laid again. */
export function contextOf(item: Pick<OutboxItem, 'id' | 'userId' | 'createdAt'>): EffectContext {
  return { userId: item.userId, opId: item.id, now: new Date(item.createdAt) };
}

/** Lays a stored item's effect on the view; null when its kind is unknown or it shows nothing. */
export async function applyItem(view: MirrorView, item: OutboxItem): Promise<object | null> {
  const module = moduleOf(item);
  return module ? module.apply(view, argsOf(item), contextOf(item)) : null;
}

/** Takes a stored item's effect off the view, exactly as its apply recorded it. */
export async function undoItem(view: MirrorView, item: OutboxItem, ending: Ending): Promise<void> {
  const module = moduleOf(item);
  if (module && item.undo !== null) await module.undo(view, item.undo, contextOf(item), ending);
}

export function afterConfirmOf(item: Pick<OutboxItem, 'kind'>) {
  return moduleOf(item)?.afterConfirm ?? null;
}

/** Tells an item's kind that the server refused it for good. */
export function afterRefusal(item: OutboxItem): void {
  moduleOf(item)?.afterRefusal?.(item);
}

/** What the sync status panel says an item is: its kind's label and what it acts on. */
export function describeItem(item: Pick<OutboxItem, 'kind' | 'args'>): string {
  const module = moduleOf(item);
  if (!module) return item.kind.replaceAll('_', ' ');
  const target = module.target(argsOf(item));
  return target === null ? module.label : `${module.label}: ${target}`;
}

/** Whether a refused item of this kind is shown and recovered on its own page rather than in the sync status. */
export function failsInPlace(item: Pick<OutboxItem, 'kind'>): boolean {
  return moduleOf(item)?.failsInPlace === true;
}
