import { badgeImage, declaredAchievement } from '../../state/player/declaredAchievements.ts';
import { notice } from '../../ui/notice.tsx';

/** The unlock shown at once, with its badge, while the outbox takes it to the server (issue 29). */
export function showAchievementUnlocked(gameId: string, id: string): void {
  const achievement = declaredAchievement(gameId, id);
  if (achievement === undefined) return;
  notice.success(`Achievement unlocked: ${achievement.title}`, {
    icon: <img src={badgeImage(achievement.icon)} alt="" width={32} height={32} />,
    id: `achievement:${gameId}:${id}`,
  });
}

/**
 * A stat's achievement reached in a game played with no network: the server never saw that game's pace,
 * so it would refuse the unlock. Said at once instead of a toast the server would take back later.
 */
export function showAchievementNeedsOnline(gameId: string, id: string): void {
  const achievement = declaredAchievement(gameId, id);
  if (achievement === undefined) return;
  notice.info(`"${achievement.title}" counts only in a game played online: reach it again when you are back online.`, {
    icon: <img src={badgeImage(achievement.icon)} alt="" width={32} height={32} />,
    id: `achievement:${gameId}:${id}`,
  });
}
