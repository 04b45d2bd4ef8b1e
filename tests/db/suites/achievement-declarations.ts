// The achievements the database holds are the ones the games declare (issue 29): every bundled game's
// (games/<id>/achievements.ts) and the portal's own, word for word, with each declared stat and its pace.
// A declaration edited without a migration, or a migration that lost a row, fails here.
import { describe, expect, it } from 'vitest';
import { BUNDLED_ACHIEVEMENTS } from '../../../games/shared/achievements.ts';
import { PORTAL_ACHIEVEMENTS } from '../../../src/domain/portalAchievements.ts';
import type { AchievementDeclaration } from '../../../src/domain/achievementDeclaration.ts';
import { tx } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

interface Row {
  app_id: string | null;
  code: string;
  title: string;
  description: string;
  icon: string;
  points: number;
  hidden: boolean;
  stat: string | null;
  threshold: string | null;
  reward: number;
}

const declared = (appId: string | null, a: AchievementDeclaration): Row => ({
  app_id: appId, code: a.id, title: a.title, description: a.description, icon: a.icon, points: a.points, hidden: a.hidden,
  stat: a.stat?.name ?? null, threshold: a.stat === undefined ? null : String(a.stat.threshold), reward: a.reward,
});
const order = (a: Row, b: Row) => `${a.app_id ?? ''}/${a.code}`.localeCompare(`${b.app_id ?? ''}/${b.code}`);

export function achievementDeclarationsSuite(ctx: DbContext): void {
  describe('achievement declarations', () => {
    const { db } = ctx;

    it('holds every bundled game\'s achievements and the portal\'s own, as declared', async () => {
      const rows = (await db.query<Row>(
        'select app_id, code, title, description, icon, points, hidden, stat, threshold::text, reward from public.achievements',
      )).rows.sort(order);
      const wanted = [
        ...PORTAL_ACHIEVEMENTS.map((a) => declared(null, a)),
        ...Object.entries(BUNDLED_ACHIEVEMENTS).flatMap(([id, game]) => game.achievements.map((a) => declared(id, a))),
      ].sort(order);
      expect(rows).toEqual(wanted);
      expect(rows.length).toBe(74);
    });

    it('holds every declared stat with its kind and pace', async () => {
      const rows = (await db.query<{ app_id: string; name: string; kind: string; pace: number }>(
        'select app_id, name, kind, max_per_second::float8 as pace from app_private.achievement_stats order by app_id, name',
      )).rows;
      const wanted = Object.entries(BUNDLED_ACHIEVEMENTS)
        .flatMap(([id, game]) => game.stats.map((s) => ({ app_id: id, name: s.name, kind: s.kind, pace: s.maxPerSecond })))
        .sort((a, b) => `${a.app_id}/${a.name}`.localeCompare(`${b.app_id}/${b.name}`));
      expect(rows).toEqual(wanted);
    });

    it('refuses a row the declarations\' own rules refuse', async () => {
      const insert = (code: string, icon: string, points = 5) =>
        tx(db, (t) => t.query(`insert into public.achievements (app_id, code, title, description, icon, points) values ('snake', $1, 'T', 'D', $2, $3)`, [code, icon, points]))
          .then(() => 'stored', (error: { message: string }) => error.message);
      expect(await insert('Bad Id', '<svg></svg>')).toMatch(/achievements_code_format/);
      expect(await insert('ok', 'not an svg')).toMatch(/achievements_icon_svg/);
      expect(await insert('ok', `<svg>${' '.repeat(2043)}</svg>`)).toMatch(/achievements_icon_svg/);
      expect(await insert('ok', '<svg></svg>', 0)).toMatch(/achievements_points_range/);
      expect(await insert('first-apple', '<svg></svg>')).toMatch(/achievements_app_code_key/);
    });
  });
}
