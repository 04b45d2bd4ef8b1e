// supabase/schemas is the one home of every table, view, policy, trigger and function: the migrations
// must build exactly what those files declare. This builds a second database from the schema files
// alone (in the order of schema_paths in supabase/config.toml), reads both catalogues and fails on
// any object that only one of them has or that differs, naming the schema file to look at.
import { basename, dirname } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionDigests, readCatalog, tableRows, type CatalogObject } from '../harness/catalog.ts';
import { allSchemaFiles, declaredSchemaFiles, expandSchemaPath, schemaPaths, type SqlFile } from '../harness/files.ts';
import type { DbContext } from '../harness/run.ts';

interface DeclaredBuild {
  files: SqlFile[];
  catalog: CatalogObject[];
  /** Function key -> the schema file that created it. */
  createdIn: Map<string, string>;
  /** Schema file -> the functions it created. */
  created: Map<string, string[]>;
  /** `function … (file)` for each function a later file defined again. */
  redefined: string[];
  /** Table -> its rows, for the tables the schema files fill. */
  rows: Map<string, string[]>;
}

/** The file a non-function object is declared in: the first schema file naming it. */
function declaringFile(key: string, files: SqlFile[], createdIn: Map<string, string>): string | undefined {
  if (createdIn.has(key)) return createdIn.get(key);
  const name = /^(?:\w+ )+"([^"]+)"/.exec(key)?.[1] ?? /^[\w ]+? (?:\w+\.)?(\w+)/.exec(key)?.[1];
  if (!name) return undefined;
  const word = new RegExp(`(^|[^\\w])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\w]|$)`);
  return files.find((file) => word.test(file.sql))?.name;
}

function firstDifference(ours: string, theirs: string): string {
  const a = ours.split('\n');
  const b = theirs.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line < 0 ? a.length : line;
  return `line ${at + 1} of its definition differs:\n    migrations:  ${a[at] ?? '(nothing)'}\n    schema file: ${b[at] ?? '(nothing)'}`;
}

function differences(migrated: CatalogObject[], build: DeclaredBuild, which: (key: string) => boolean): string[] {
  const declared = new Map(build.catalog.filter((o) => which(o.key)).map((o) => [o.key, o.definition]));
  const built = new Map(migrated.filter((o) => which(o.key)).map((o) => [o.key, o.definition]));
  const where = (key: string) => declaringFile(key, build.files, build.createdIn) ?? 'no schema file';
  const found: string[] = [];
  for (const [key, definition] of built) {
    const wanted = declared.get(key);
    if (wanted === undefined) {
      found.push(`${key} is built by the migrations but declared by no file under supabase/schemas`);
    } else if (wanted !== definition) {
      found.push(`${key} differs between the migrations and ${where(key)}: ${firstDifference(definition, wanted)}`);
    }
  }
  for (const key of declared.keys()) {
    if (!built.has(key)) found.push(`${key} is declared in ${where(key)} but the migrations do not build it`);
  }
  return found;
}

export function declaredSchemaSuite(ctx: DbContext): void {
  describe('supabase/schemas against the migrations', () => {
    let build: DeclaredBuild;

    beforeAll(async () => {
      const files = declaredSchemaFiles();
      const blank = await ctx.engine().blank();
      try {
        const createdIn = new Map<string, string>();
        const created = new Map<string, string[]>();
        const redefined: string[] = [];
        let before = await functionDigests(blank);
        for (const file of files) {
          try {
            await blank.exec(file.sql);
          } catch (error) {
            throw new Error(`${file.name} failed on ${ctx.engineName}: ${(error as Error).message}`);
          }
          const after = await functionDigests(blank);
          const mine: string[] = [];
          for (const [key, digest] of after) {
            const earlier = before.get(key);
            if (earlier === undefined) {
              mine.push(key);
              createdIn.set(key, file.name);
            } else if (earlier !== digest) {
              redefined.push(`${key} (first in ${createdIn.get(key) ?? 'the platform'}, again in ${file.name})`);
            }
          }
          created.set(file.name, mine);
          before = after;
        }
        const catalog = await readCatalog(blank);
        const rows = new Map<string, string[]>();
        for (const table of catalog.filter((o) => o.key.startsWith('table ')).map((o) => o.key.slice('table '.length))) {
          const filled = await blank.query<{ any: boolean }>(`select exists (select 1 from ${table}) as any`);
          if (filled.rows[0]?.any) rows.set(table, await tableRows(blank, table));
        }
        build = { files, catalog, createdIn, created, redefined, rows };
      } finally {
        await blank.close();
      }
    });

    it('builds from the files schema_paths in supabase/config.toml lists, which are all the files there are', () => {
      const listed = schemaPaths().flatMap((entry) => (expandSchemaPath(entry).length === 0 ? [`${entry} matches no file`] : []));
      expect(listed).toEqual([]);
      const built = new Set(build.files.map((file) => file.name));
      expect(allSchemaFiles().filter((path) => !built.has(path)).map((path) => `${path} is not in schema_paths`)).toEqual([]);
    });

    it('keeps each function in one file of its own, named after it, under <schema>/functions/', () => {
      const problems: string[] = [];
      for (const file of build.files) {
        const made = build.created.get(file.name) ?? [];
        const inFunctions = basename(dirname(file.name)) === 'functions';
        if (!inFunctions) {
          problems.push(...made.map((key) => `${file.name} defines ${key}, but functions live under <schema>/functions/`));
          continue;
        }
        const schema = basename(dirname(dirname(file.name)));
        const name = basename(file.name).split('.')[0];
        if (made.length !== 1 || !made[0]?.startsWith(`function ${schema}.${name}(`)) {
          problems.push(`${file.name} must define exactly one function, ${schema}.${name}; it defines ${made.join(', ') || 'none'}`);
        }
      }
      problems.push(...build.redefined.map((entry) => `defined twice: ${entry}`));
      expect(problems).toEqual([]);
    });

    it('builds with the migrations exactly the functions the schema files define, body and grants', async () => {
      expect(differences(await readCatalog(ctx.db), build, (key) => key.startsWith('function '))).toEqual([]);
    });

    it('builds with the migrations exactly the tables, columns, constraints, indexes, views, triggers, policies, grants and types the schema files declare', async () => {
      expect(differences(await readCatalog(ctx.db), build, (key) => !key.startsWith('function '))).toEqual([]);
    });

    it('holds the rows the schema files write (the mutation kinds) equal to what the migrations write', async () => {
      expect([...build.rows.keys()]).toContain('app_private.mutation_kinds');
      for (const [table, rows] of build.rows) expect(await tableRows(ctx.db, table), table).toEqual(rows);
    });
  });
}
