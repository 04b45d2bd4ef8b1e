export interface LevelStats {
  timeSpent: number | null | undefined;
  highestStreak: number | null | undefined;
  appsPlayed: number | null | undefined;
}

export interface LevelInfo {
  experience: number;
  level: number;
  /** Experience at which the current level starts: level squared. */
  currentLevelExperience: number;
  /** Experience at which the next level starts: (level + 1) squared. */
  nextLevelExperience: number;
  /** Share of the way from the current level to the next, in [0, 1). */
  progress: number;
}

/** Beyond this, squares of the level stop being exact doubles and the level maths would drift. */
const EXPERIENCE_CAP = Number.MAX_SAFE_INTEGER;

function countable(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

export function levelFromStats(stats: LevelStats): LevelInfo {
  const timeSpent = countable(stats.timeSpent);
  const highestStreak = countable(stats.highestStreak);
  const appsPlayed = countable(stats.appsPlayed);
  // timeSpent*0.1 + highestStreak*5 + appsPlayed*0.5, scaled by 10 so whole-number stats add up
  // exactly and only one rounding happens: 90*0.1 must be 9, never 8.999...
  const raw = (timeSpent + highestStreak * 50 + appsPlayed * 5) / 10;
  const experience = Math.min(raw, EXPERIENCE_CAP);

  let level = Math.floor(Math.sqrt(experience));
  // Math.sqrt rounds to nearest: just below a perfect square (24.999999999999996) it returns the root
  // itself (5), one level too high. It is never too low, as squares below the cap are exact.
  if (level * level > experience) level -= 1;

  const currentLevelExperience = level * level;
  const nextLevelExperience = (level + 1) * (level + 1);
  const progress = (experience - currentLevelExperience) / (nextLevelExperience - currentLevelExperience);
  return { experience, level, currentLevelExperience, nextLevelExperience, progress };
}
