// The shop's asset urls and the files the app ships under public/cosmetics/ agree: every cursor,
// background, font, icon, badge and special of the catalogue (and of the local running season) exists,
// and each font stylesheet points at a font file that ships beside it, with its licence.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../scripts/gen-db-types.ts';
import { seedFile } from '../harness/files.ts';
import { sharedFixture, type DbContext } from '../harness/run.ts';

const publicDir = join(repoRoot, 'public');

export function cosmeticsSuite(ctx: DbContext): void {
  describe('cosmetic assets', () => {
    let items: { id: string; type: string; url: string | null; font_family: string | null }[];

    sharedFixture(ctx, async (db) => {
      await db.exec(seedFile().sql);
      ({ rows: items } = await db.query(`select id, type, asset ->> 'url' as url, asset ->> 'font_family' as font_family from public.shop_items order by id`));
    });

    it('gives every item but the Dabloon packs an asset file that the app ships', () => {
      const missing = items.filter((i) => i.type !== 'coin').filter((i) => i.url === null || !i.url.startsWith('/cosmetics/') || !existsSync(join(publicDir, i.url)));
      expect(missing).toEqual([]);
    });

    it('gives every font a family and a stylesheet whose font files ship beside it', () => {
      const fonts = items.filter((i) => i.type === 'font');
      expect(fonts.length).toBeGreaterThanOrEqual(5);
      for (const font of fonts) {
        expect(font.font_family, font.id).toBeTruthy();
        const css = readFileSync(join(publicDir, font.url!), 'utf8');
        expect(css, font.id).toContain('@font-face');
        const files = [...css.matchAll(/url\('([^']+)'\)/g)].map((m) => join(publicDir, dirname(font.url!), m[1]!));
        for (const file of files) expect(existsSync(file), file).toBe(true);
        if (files.length > 0) expect(existsSync(join(publicDir, dirname(font.url!), 'LICENSE')), font.id).toBe(true);
      }
      expect(fonts.find((f) => f.id === 's2_spooky_font')).toMatchObject({ url: '/cosmetics/fonts/creepster/creepster.css', font_family: 'Creepster' });
    });

    it('draws cursors at 32 by 32 pixels, the size browsers accept for a cursor image', () => {
      for (const cursor of items.filter((i) => i.type === 'cursor')) {
        const svg = readFileSync(join(publicDir, cursor.url!), 'utf8');
        expect(svg, cursor.id).toMatch(/<svg[^>]*width="32"[^>]*height="32"/);
      }
    });
  });
}
