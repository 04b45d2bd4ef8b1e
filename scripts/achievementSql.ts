// The SQL that puts games' achievement declarations into the database (issue 29): the seed migration of
// the bundled games was written with it, and it is how an operator's declarations reach the same tables.
// Re-running it updates what changed and keeps every unlock: rows are matched on (game, id).
import type { AchievementDeclaration, GameAchievements } from '../src/domain/achievementDeclaration.ts';

function literal(value: string | number | boolean | null): string {
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${value.replaceAll("'", "''")}'`;
}

function achievementRow(appId: string | null, a: AchievementDeclaration): string {
  const values = [appId, a.id, a.title, a.description, a.icon, a.points, a.hidden, a.stat?.name ?? null, a.stat?.threshold ?? null, a.reward];
  return `  (${values.map(literal).join(', ')})`;
}

/** Insert-or-update statements for the given games (app id -> declaration) and the portal's own (app id null). */
export function achievementSql(games: Readonly<Record<string, GameAchievements>>, portal: readonly AchievementDeclaration[] = []): string {
  const ids = Object.keys(games).sort();
  const stats = ids.flatMap((id) => games[id]!.stats.map((s) => `  (${[id, s.name, s.kind, s.maxPerSecond].map(literal).join(', ')})`));
  const rows = [
    ...portal.map((a) => achievementRow(null, a)),
    ...ids.flatMap((id) => games[id]!.achievements.map((a) => achievementRow(id, a))),
  ];
  const parts: string[] = [];
  if (stats.length > 0) {
    parts.push(`insert into app_private.achievement_stats as s (app_id, name, kind, max_per_second) values
${stats.join(',\n')}
on conflict (app_id, name) do update set kind = excluded.kind, max_per_second = excluded.max_per_second;`);
  }
  if (rows.length > 0) {
    // A game no longer in the catalogue gets no rows: its achievements would refer to nothing.
    parts.push(`insert into public.achievements as a (app_id, code, title, description, icon, points, hidden, stat, threshold, reward)
select v.* from (values
${rows.join(',\n')}
) as v (app_id, code, title, description, icon, points, hidden, stat, threshold, reward)
where v.app_id is null or exists (select 1 from public.apps p where p.id = v.app_id)
on conflict (app_id, code) do update
  set title = excluded.title, description = excluded.description, icon = excluded.icon, points = excluded.points,
      hidden = excluded.hidden, stat = excluded.stat, threshold = excluded.threshold, reward = excluded.reward;`);
  }
  return parts.join('\n\n') + '\n';
}
