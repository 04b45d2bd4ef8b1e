import type { AchievementOutcome } from '../../state/player/gameLink.ts';
import { badgeImage, declaredAchievement } from '../../state/player/declaredAchievements.ts';
import { notice } from '../../ui/notice.tsx';

/**
 * What the page says at once of a game's unlock, with its badge (issue 29): unlocked, while the outbox takes
 * it to the server; or, for a stat's achievement reached in a game played with no network, that it counts
 * only online (the server never saw that game's pace and would refuse it), instead of a toast the server
 * would take back later. Nothing for an unlock that was not queued now.
 */
export function showAchievementOutcome(gameId: string, id: string, outcome: AchievementOutcome): void {
  const achievement = declaredAchievement(gameId, id);
  if (achievement === undefined || outcome === 'skipped') return;
  const options = { icon: <img src={badgeImage(achievement.icon)} alt="" width={32} height={32} />, id: `achievement:${gameId}:${id}` };
  if (outcome === 'queued') notice.success(`Achievement unlocked: ${achievement.title}`, options);
  else notice.info(`"${achievement.title}" counts only in a game played online: reach it again when you are back online.`, options);
}
