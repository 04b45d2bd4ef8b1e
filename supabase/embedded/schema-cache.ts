// What PostgREST keeps in its schema cache, read from the catalogs: tables of the public schema,
// their columns and keys, the foreign keys used for embedding, and whether the pre-request function exists.
import type { Database } from './database.ts';
import { PRE_REQUEST_FUNCTION } from './request.ts';

export interface TableInfo {
  name: string;
  columns: Set<string>;
  primaryKey: string[];
  uniques: string[][];
}

export interface ForeignKey {
  name: string;
  child: string;
  childCols: string[];
  parent: string;
  parentCols: string[];
}

export interface Relationship {
  target: string;
  toOne: boolean;
  /** [column of the embedded table, column of the current table] pairs to join on. */
  pairs: [string, string][];
}

/**
 * How often a name the cache does not know may make it re-read the catalogs: a request naming
 * made-up tables must not turn into a catalog scan per request.
 */
const RELOAD_AT_MOST_EVERY_MS = 1000;

export class SchemaCache {
  private tables = new Map<string, TableInfo>();
  private fks: ForeignKey[] = [];
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  /** Whether the migrations define the pre-request function (request.ts). */
  hasPreRequest = false;

  constructor(private readonly db: Database) {}

  /**
   * Reads the catalogs in a transaction of its own. Never call it from inside a request's
   * transaction: the database runs one transaction at a time, so it would wait on itself.
   */
  load(): Promise<void> {
    this.loading ??= this.read().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async read(): Promise<void> {
    const { tables, fks, preRequest } = await this.db.run(async (tx) => {
      const t = await tx.query<{ name: string; columns: string[]; keys: { cols: string[]; primary: boolean }[] }>(`
        select c.relname as name,
          coalesce((select json_agg(a.attname order by a.attnum) from pg_attribute a
                    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
          coalesce((select json_agg(json_build_object('primary', con.contype = 'p', 'cols',
                      (select json_agg(a.attname order by k.o) from unnest(con.conkey) with ordinality k(n, o)
                       join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n)))
                    from pg_constraint con where con.conrelid = c.oid and con.contype in ('p', 'u')), '[]') as keys
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')`);
      const f = await tx.query<ForeignKey>(`
        select con.conname as name, cl.relname as child, pl.relname as parent,
          (select json_agg(a.attname order by k.o) from unnest(con.conkey) with ordinality k(n, o)
           join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as "childCols",
          (select json_agg(a.attname order by k.o) from unnest(con.confkey) with ordinality k(n, o)
           join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n) as "parentCols"
        from pg_constraint con
        join pg_class cl on cl.oid = con.conrelid join pg_namespace cn on cn.oid = cl.relnamespace
        join pg_class pl on pl.oid = con.confrelid join pg_namespace pn on pn.oid = pl.relnamespace
        where con.contype = 'f' and cn.nspname = 'public' and pn.nspname = 'public'`);
      const p = await tx.query<{ present: boolean }>('select to_regprocedure($1) is not null as present', [`${PRE_REQUEST_FUNCTION}()`]);
      return { tables: t.rows, fks: f.rows, preRequest: p.rows[0]?.present === true };
    });
    this.hasPreRequest = preRequest;
    this.tables = new Map(
      tables.map((t) => [
        t.name,
        {
          name: t.name,
          columns: new Set(t.columns),
          primaryKey: t.keys.find((k) => k.primary)?.cols ?? [],
          uniques: t.keys.map((k) => k.cols),
        },
      ]),
    );
    this.fks = fks;
    this.loadedAt = Date.now();
  }

  /** Re-reads the catalogs when a name is unknown (the schema may have changed), at most once a second. */
  async know(names: Iterable<string>): Promise<void> {
    for (const name of names) {
      if (this.tables.has(name)) continue;
      if (Date.now() - this.loadedAt >= RELOAD_AT_MOST_EVERY_MS) await this.load();
      return;
    }
  }

  /** Looks a table up, re-reading the catalogs on a miss as `know` does. */
  async table(name: string): Promise<TableInfo | null> {
    await this.know([name]);
    return this.tables.get(name) ?? null;
  }

  relationships(from: string, relation: string, hint: string | null): Relationship[] {
    const out: (Relationship & { fk: ForeignKey; via: string | null })[] = [];
    for (const fk of this.fks) {
      // Many-to-one: `from` holds the foreign key; embedding by table name or by the FK column.
      if (fk.child === from && (fk.parent === relation || (fk.childCols.length === 1 && fk.childCols[0] === relation))) {
        out.push({ fk, via: fk.childCols.length === 1 ? (fk.childCols[0] ?? null) : null, target: fk.parent, toOne: true, pairs: fk.parentCols.map((c, i) => [c, fk.childCols[i] ?? '']) });
      }
      // One-to-many (or one-to-one when the referencing columns are unique).
      if (fk.parent === from && fk.child === relation) {
        const child = this.tables.get(fk.child);
        const unique = !!child?.uniques.some((u) => u.length === fk.childCols.length && u.every((c) => fk.childCols.includes(c)));
        out.push({ fk, via: fk.childCols.length === 1 ? (fk.childCols[0] ?? null) : null, target: fk.child, toOne: unique, pairs: fk.childCols.map((c, i) => [c, fk.parentCols[i] ?? '']) });
      }
    }
    const matching = hint ? out.filter((r) => r.fk.name === hint || r.via === hint) : out;
    return matching.map(({ target, toOne, pairs }) => ({ target, toOne, pairs }));
  }
}
