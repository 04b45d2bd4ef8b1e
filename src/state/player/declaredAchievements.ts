import type { AchievementDeclaration } from '../../domain/achievementDeclaration.ts';
import { BUNDLED_ACHIEVEMENTS } from '../../../games/shared/achievements.ts';

/**
 * A bundled game's declared achievement, for showing an unlock at once before the server has answered
 * (issue 29); undefined for an id the game did not declare, which the server will refuse anyway.
 */
export function declaredAchievement(gameId: string, id: string): AchievementDeclaration | undefined {
  if (!Object.hasOwn(BUNDLED_ACHIEVEMENTS, gameId)) return undefined;
  return BUNDLED_ACHIEVEMENTS[gameId]!.achievements.find((a) => a.id === id);
}

/** A badge's SVG as an image address: drawn by an <img>, which runs nothing the SVG could hold. */
export function badgeImage(icon: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(icon)}`;
}
