// `npm run catalogue -- achievements <file.json>`: an operator's games declare achievements and stats
// as the bundled ones do (issue 29). The file maps app ids to declarations ({ stats, achievements },
// docs/game-sdk.md); every declaration is checked by the bundled games' own rule
// (src/domain/achievementDeclaration.ts) before anything is sent, and each game's is then written in one
// call of public.import_achievements, which only the service role may make.
import type { AchievementDeclaration, GameAchievements, StatDeclaration } from '../src/domain/achievementDeclaration.ts';
import { declarationProblems } from '../src/domain/achievementDeclaration.ts';
import { BackendError, request, type BackendTarget } from './operatorBackend.ts';

export interface AchievementsOutcome {
  /** 0: written; 1: refused, nothing changed (or, past a backend refusal, only the games listed as written). */
  code: 0 | 1;
  text: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The declaration in a file's value, or why it is not one (its fields' own rules come after). */
export function readDeclaration(value: unknown): GameAchievements | string {
  if (!isObject(value) || !Array.isArray(value.stats) || !Array.isArray(value.achievements)) {
    return 'a declaration is { "stats": [...], "achievements": [...] }';
  }
  const stats: StatDeclaration[] = [];
  for (const stat of value.stats as unknown[]) {
    if (!isObject(stat) || typeof stat.name !== 'string' || (stat.kind !== 'max' && stat.kind !== 'total') || typeof stat.maxPerSecond !== 'number') {
      return 'each stat is { "name": text, "kind": "max" or "total", "maxPerSecond": a number }';
    }
    stats.push({ name: stat.name, kind: stat.kind, maxPerSecond: stat.maxPerSecond });
  }
  const achievements: AchievementDeclaration[] = [];
  for (const a of value.achievements as unknown[]) {
    if (!isObject(a)) return 'each achievement is an object';
    const { id, title, description, icon, points, hidden, reward, how, stat } = a;
    if (typeof id !== 'string' || typeof title !== 'string' || typeof description !== 'string' || typeof icon !== 'string' || typeof how !== 'string') {
      return `achievement ${String(id)}: id, title, description, icon and how are text`;
    }
    if (typeof points !== 'number' || typeof reward !== 'number' || typeof hidden !== 'boolean') {
      return `achievement ${id}: points and reward are numbers, hidden is true or false`;
    }
    if (stat !== undefined && !(isObject(stat) && typeof stat.name === 'string' && typeof stat.threshold === 'number')) {
      return `achievement ${id}: a stat is { "name": text, "threshold": a number }`;
    }
    achievements.push({ id, title, description, icon, points, hidden, reward, how, ...(stat === undefined ? {} : { stat: { name: stat.name as string, threshold: stat.threshold as number } }) });
  }
  return { stats, achievements };
}

/** Checks every game's declaration in the file's text and, when all pass, writes them one game at a time. */
export async function importAchievements(target: BackendTarget, fileName: string, text: string): Promise<AchievementsOutcome> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { code: 1, text: `Nothing was imported from ${fileName}: it is not JSON (${(error as Error).message}).` };
  }
  if (!isObject(parsed) || Object.keys(parsed).length === 0) {
    return { code: 1, text: `Nothing was imported from ${fileName}: it maps app ids to declarations, { "<app id>": { "stats": [...], "achievements": [...] } }.` };
  }
  const games: [string, GameAchievements][] = [];
  const problems: string[] = [];
  for (const [appId, value] of Object.entries(parsed)) {
    const declaration = readDeclaration(value);
    if (typeof declaration === 'string') problems.push(`${appId}: ${declaration}`);
    else {
      problems.push(...declarationProblems(declaration).map((problem) => `${appId}: ${problem}`));
      games.push([appId, declaration]);
    }
  }
  if (problems.length > 0) return { code: 1, text: [`Nothing was imported from ${fileName}:`, ...problems.map((p) => `  ${p}`)].join('\n') };
  const written: string[] = [];
  for (const [appId, declaration] of games) {
    try {
      const count = await request(target, '/rest/v1/rpc/import_achievements', {
        method: 'POST',
        body: JSON.stringify({ p_app_id: appId, p_declaration: declaration }),
      });
      written.push(`  ${appId}: ${String(count)} achievements`);
    } catch (error) {
      if (!(error instanceof BackendError) || error.status === null) throw error;
      const done = written.length === 0 ? 'Nothing was imported' : `Imported before it:\n${written.join('\n')}\nThe rest was not imported`;
      return { code: 1, text: `${done}: ${appId} was refused: ${error.message}.` };
    }
  }
  return { code: 0, text: [`Imported from ${fileName}:`, ...written].join('\n') };
}
