// `npm run catalogue -- achievements` against a real backend (issue 29): an operator's game gets its
// achievements and stats in the same tables as a bundled game's, checked by the same rule before
// anything is sent; a refused file changes nothing; a student cannot call the import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEntries, type BackendTarget } from '../../../scripts/catalogue.ts';
import { importAchievements } from '../../../scripts/catalogueAchievements.ts';
import { BUNDLED_ACHIEVEMENTS } from '../../../games/shared/achievements.ts';
import { startProductBackend, student, type ContractTarget, type Student } from './harness.ts';

const run = crypto.randomUUID().slice(0, 6);
const appId = `quiz-${run}`;

let backend: ContractTarget;
let target: BackendTarget;
let ann: Student;

beforeAll(async () => {
  backend = await startProductBackend();
  target = { url: backend.url, key: backend.serviceRoleKey };
  ann = await student(backend);
  const csv = `id,title,category,url,description\r\n${appId},Quiz ${run},puzzle,https://games.school.edu/quiz-${run}/,A quiz.\r\n`;
  const imported = await importEntries(target, 'quiz.csv', csv, { check: { offline: true } });
  expect(imported.text).toContain('Applied');
});
afterAll(() => backend.close());

/** A game's achievements as anyone reads them. */
async function shown(game: string): Promise<{ code: string; title: string }[]> {
  const response = await fetch(`${backend.url}/rest/v1/rpc/get_achievements`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_app_id: game }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { code: string; title: string }[];
}

// Snake's declaration stands in for an operator's: five achievements, a hidden one, two stats.
const declaration = JSON.parse(JSON.stringify(BUNDLED_ACHIEVEMENTS.snake)) as { stats: unknown[]; achievements: Record<string, unknown>[] };

describe('achievements import', () => {
  it('refuses a file whose declaration breaks a rule, naming the game and the problem, and writes nothing', async () => {
    const broken = { ...declaration, achievements: declaration.achievements.map((a, i) => (i === 0 ? { ...a, points: 0 } : a)) };
    const outcome = await importAchievements(target, 'quiz.json', JSON.stringify({ [appId]: broken }));
    expect(outcome).toEqual({ code: 1, text: `Nothing was imported from quiz.json:\n  ${appId}: achievement first-apple: points are a whole number from 1 to 100` });
    expect((await importAchievements(target, 'quiz.json', '{"x": 1')).text).toMatch(/^Nothing was imported from quiz.json: it is not JSON/);
    expect((await importAchievements(target, 'quiz.json', JSON.stringify({ [appId]: { stats: [] } }))).code).toBe(1);
    expect(await shown(appId)).toEqual([]);
  });

  it('writes an operator game\'s declaration, and again to change it, keeping one row per achievement', async () => {
    expect(await importAchievements(target, 'quiz.json', JSON.stringify({ [appId]: declaration }))).toEqual({
      code: 0, text: `Imported from quiz.json:\n  ${appId}: 5 achievements`,
    });
    const renamed = { ...declaration, achievements: declaration.achievements.map((a) => (a.id === 'first-apple' ? { ...a, title: 'First Question' } : a)) };
    expect((await importAchievements(target, 'quiz.json', JSON.stringify({ [appId]: renamed }))).code).toBe(0);
    const rows = await shown(appId);
    expect(rows).toHaveLength(5);
    expect(rows.find((row) => row.code === 'first-apple')?.title).toBe('First Question');
  });

  it('refuses a game not in the catalogue, and a student calling the import', async () => {
    const outcome = await importAchievements(target, 'quiz.json', JSON.stringify({ [`nope-${run}`]: declaration }));
    expect(outcome).toEqual({ code: 1, text: `Nothing was imported: nope-${run} was refused: the backend answered 400: Unknown app: nope-${run}.` });
    const forged = await ann.supabase.rpc('import_achievements', { p_app_id: 'snake', p_declaration: { stats: [], achievements: [] } });
    expect(forged.error?.code).toBe('42501');
  });
});
