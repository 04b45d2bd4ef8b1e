// What a game declares about its achievements and stats (issue 29), and the check every declaration
// passes before it reaches the database: a bundled game's in the unit tests and the seed, an operator's
// at import. The server trusts only what was declared, so a declaration that is wrong here (an icon
// that could run code, a stat with no bound) would be wrong for every student.

/**
 * A number a game reports about play. `max` keeps the best value of one run (the longest snake);
 * `total` adds each run's value to the last (lines cleared, ever). Either way a run's value may not
 * grow faster than `maxPerSecond` per second of the run the server saw start, the pace rule of scores.
 */
export interface StatDeclaration {
  name: string;
  kind: 'max' | 'total';
  maxPerSecond: number;
}

export interface AchievementDeclaration {
  id: string;
  title: string;
  description: string;
  /** A standalone SVG image drawn from plain shapes, no script, link or outside reference. */
  icon: string;
  points: number;
  /** Shown as "???" until unlocked. */
  hidden: boolean;
  /** Unlockable only once the student's stat reached the threshold on the server. */
  stat?: { name: string; threshold: number };
  /** Dabloons paid once, through the ledger. */
  reward: number;
  /** How a student reaches it, for whoever checks that it can be reached. */
  how: string;
}

export interface GameAchievements {
  stats: readonly StatDeclaration[];
  achievements: readonly AchievementDeclaration[];
}

export const ACHIEVEMENT_ID = /^[a-z0-9][a-z0-9-]{0,47}$/;
export const STAT_NAME = /^[a-z][a-z0-9_]{0,31}$/;
export const ACHIEVEMENT_TITLE_MAX = 60;
export const ACHIEVEMENT_DESCRIPTION_MAX = 200;
/** A badge drawn from a few shapes fits in well under 1 KiB; 2 KiB leaves room and keeps a row small. */
export const ACHIEVEMENT_ICON_MAX_BYTES = 2048;
export const ACHIEVEMENT_POINTS_MAX = 100;
/** The streak claim pays 100; no single achievement should pay more than five days of it. */
export const ACHIEVEMENT_REWARD_MAX = 500;
export const ACHIEVEMENTS_PER_GAME_MIN = 5;
export const ACHIEVEMENTS_PER_GAME_MAX = 50;
export const STATS_PER_GAME_MAX = 10;
/** Far above any bundled game's fastest stat (Snake's score, 143 a second) and far below an integer's end. */
export const STAT_PER_SECOND_MAX = 10_000;
export const STAT_THRESHOLD_MAX = 1_000_000_000;

/** The elements a badge may use: shapes and groups. No text (fonts differ), images, links or scripts. */
const ICON_ELEMENTS = new Set(['svg', 'g', 'circle', 'ellipse', 'rect', 'path', 'polygon', 'polyline', 'line']);
const ICON_ATTRIBUTES = new Set([
  'xmlns', 'viewbox', 'width', 'height', 'cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'd', 'points',
  'fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'opacity', 'transform', 'fill-rule',
]);
const COLOUR = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|none|white|black)$/i;

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** The problems of a badge's SVG text, or none. */
export function iconProblems(icon: string): string[] {
  if (utf8Bytes(icon) > ACHIEVEMENT_ICON_MAX_BYTES) return [`is larger than ${ACHIEVEMENT_ICON_MAX_BYTES} bytes`];
  if (!/^<svg[\s>]/.test(icon) || !icon.endsWith('</svg>')) return ['must be one <svg> element'];
  const problems: string[] = [];
  // Outside tags only whitespace: text would be a way to smuggle markup past the tag check below.
  if (/>[^<]*[^\s<]/.test(icon)) problems.push('may hold no text between its tags');
  for (const [, closing, name, attributes] of icon.matchAll(/<(\/?)([^\s/>]*)([^>]*)>/g)) {
    if (!ICON_ELEMENTS.has(name!)) {
      problems.push(`may not use <${name}>`);
      continue;
    }
    if (closing) continue;
    const rest = attributes!.replace(/\s*\/$/, '').replace(/\s+([a-zA-Z-]+)="([^"<>]*)"/g, (_, attr: string, value: string) => {
      const lower = attr.toLowerCase();
      if (!ICON_ATTRIBUTES.has(lower)) problems.push(`may not use the attribute ${attr}`);
      else if ((lower === 'fill' || lower === 'stroke') && !COLOUR.test(value)) problems.push(`${attr}="${value}" is not a plain colour`);
      return '';
    });
    if (rest.trim() !== '') problems.push(`has an attribute that is not name="value" in <${name}>`);
  }
  return problems;
}

/** Every problem of one game's declaration, each naming what it is about; empty when it is good. */
export function declarationProblems(game: GameAchievements): string[] {
  const problems: string[] = [];
  const stats = new Map<string, StatDeclaration>();
  if (game.stats.length > STATS_PER_GAME_MAX) problems.push(`at most ${STATS_PER_GAME_MAX} stats, not ${game.stats.length}`);
  for (const stat of game.stats) {
    const name = `stat ${stat.name}`;
    if (!STAT_NAME.test(stat.name)) problems.push(`${name}: a name is lower-case letters, digits and _, at most 32`);
    if (stats.has(stat.name)) problems.push(`${name}: declared twice`);
    if (stat.kind !== 'max' && stat.kind !== 'total') problems.push(`${name}: kind is max or total`);
    if (!Number.isFinite(stat.maxPerSecond) || stat.maxPerSecond <= 0 || stat.maxPerSecond > STAT_PER_SECOND_MAX) {
      problems.push(`${name}: maxPerSecond is above 0 and at most ${STAT_PER_SECOND_MAX}`);
    }
    stats.set(stat.name, stat);
  }
  const count = game.achievements.length;
  if (count < ACHIEVEMENTS_PER_GAME_MIN || count > ACHIEVEMENTS_PER_GAME_MAX) {
    problems.push(`from ${ACHIEVEMENTS_PER_GAME_MIN} to ${ACHIEVEMENTS_PER_GAME_MAX} achievements, not ${count}`);
  }
  if (!game.achievements.some((a) => a.hidden)) problems.push('at least one hidden achievement');
  const ids = new Set<string>();
  for (const a of game.achievements) {
    const name = `achievement ${a.id}`;
    if (!ACHIEVEMENT_ID.test(a.id)) problems.push(`${name}: an id is lower-case letters, digits and -, at most 48`);
    if (ids.has(a.id)) problems.push(`${name}: declared twice`);
    ids.add(a.id);
    if (a.title.trim() === '' || a.title.length > ACHIEVEMENT_TITLE_MAX || a.title !== a.title.trim()) {
      problems.push(`${name}: a title is 1 to ${ACHIEVEMENT_TITLE_MAX} characters without spaces at its ends`);
    }
    if (a.description.trim() === '' || a.description.length > ACHIEVEMENT_DESCRIPTION_MAX) {
      problems.push(`${name}: a description is 1 to ${ACHIEVEMENT_DESCRIPTION_MAX} characters`);
    }
    if (a.how.trim() === '') problems.push(`${name}: say how a student reaches it`);
    if (!Number.isInteger(a.points) || a.points < 1 || a.points > ACHIEVEMENT_POINTS_MAX) {
      problems.push(`${name}: points are a whole number from 1 to ${ACHIEVEMENT_POINTS_MAX}`);
    }
    if (!Number.isInteger(a.reward) || a.reward < 0 || a.reward > ACHIEVEMENT_REWARD_MAX) {
      problems.push(`${name}: a reward is a whole number of Dabloons from 0 to ${ACHIEVEMENT_REWARD_MAX}`);
    }
    for (const problem of iconProblems(a.icon)) problems.push(`${name}: its icon ${problem}`);
    if (a.stat !== undefined) {
      if (!stats.has(a.stat.name)) problems.push(`${name}: stat ${a.stat.name} is not declared`);
      if (!Number.isInteger(a.stat.threshold) || a.stat.threshold < 1 || a.stat.threshold > STAT_THRESHOLD_MAX) {
        problems.push(`${name}: a threshold is a whole number from 1 to ${STAT_THRESHOLD_MAX}`);
      }
    }
  }
  return problems;
}
