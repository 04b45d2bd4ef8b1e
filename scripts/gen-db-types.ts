// Writes src/backend/database.types.ts, the TypeScript shape of the public schema in the form
// `supabase gen types typescript` produces, from a throw-away PGlite database built from the local
// bootstrap and every migration. Run with `npx tsx scripts/gen-db-types.ts`; tests/db checks that the
// committed file matches a fresh generation, so a schema change without regenerating fails the tests.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const typesPath = join(repoRoot, 'src', 'backend', 'database.types.ts');

export interface SqlFile {
  name: string;
  sql: string;
}

/** The bootstrap (what hosted Supabase provides) followed by the migrations in timestamp order. */
export function schemaFiles(): SqlFile[] {
  const bootstrap = join(repoRoot, 'supabase', 'embedded', 'bootstrap.sql');
  const migrationsDir = join(repoRoot, 'supabase', 'migrations');
  const migrations = readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name: `migrations/${name}`, sql: readFileSync(join(migrationsDir, name), 'utf8') }));
  return [{ name: 'embedded/bootstrap.sql', sql: readFileSync(bootstrap, 'utf8') }, ...migrations];
}

export function seedFile(): SqlFile {
  return { name: 'seed.sql', sql: readFileSync(join(repoRoot, 'supabase', 'seed.sql'), 'utf8') };
}

/** Anything that runs one query with parameters: a PGlite instance or a node-postgres client. */
export interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  udt_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  identity_generation: string | null;
  is_generated: 'ALWAYS' | 'NEVER';
  is_view: boolean;
}

interface RelationshipRow {
  constraint_name: string;
  table_name: string;
  columns: string[];
  referenced_table: string;
  referenced_columns: string[];
  one_to_one: boolean;
}

interface FunctionRow {
  name: string;
  arg_names: string[] | null;
  arg_types: string[];
  arg_modes: string[] | null;
  arg_defaults: number;
  returns_set: boolean;
  return_type: string;
  return_relation: string | null;
}

const SCALARS: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  date: 'string',
  time: 'string',
  timetz: 'string',
  timestamp: 'string',
  timestamptz: 'string',
  interval: 'string',
  bytea: 'string',
  json: 'Json',
  jsonb: 'Json',
  void: 'undefined',
};

function tsType(udt: string): string {
  if (udt.startsWith('_')) return `${tsType(udt.slice(1))}[]`;
  return SCALARS[udt] ?? 'unknown';
}

function key(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : JSON.stringify(name);
}

function indent(text: string, by: number): string {
  const pad = ' '.repeat(by);
  return text
    .split('\n')
    .map((line) => (line === '' ? line : pad + line))
    .join('\n');
}

function objectType(fields: string[]): string {
  return fields.length === 0 ? '{\n  [_ in never]: never\n}' : `{\n${fields.map((f) => `  ${f}`).join('\n')}\n}`;
}

export async function generateTypes(db: Queryable): Promise<string> {
  const columns = (
    await db.query<ColumnRow>(
      `select c.table_name, c.column_name, c.udt_name, c.data_type, c.is_nullable, c.column_default,
              c.is_identity, c.identity_generation, c.is_generated,
              (t.table_type = 'VIEW') as is_view
         from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public'
        order by c.table_name, c.ordinal_position`,
    )
  ).rows;

  const relationships = (
    await db.query<RelationshipRow>(
      `select con.conname as constraint_name, rel.relname as table_name,
              array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
                      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns,
              frel.relname as referenced_table,
              array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
                      join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i)
                as referenced_columns,
              exists (select 1 from pg_index ix where ix.indrelid = con.conrelid and ix.indisunique
                        and ix.indpred is null and ix.indkey::int2[] @> con.conkey
                        and ix.indkey::int2[] <@ con.conkey) as one_to_one
         from pg_constraint con
         join pg_class rel on rel.oid = con.conrelid
         join pg_namespace ns on ns.oid = rel.relnamespace
         join pg_class frel on frel.oid = con.confrelid
         join pg_namespace fns on fns.oid = frel.relnamespace
        where con.contype = 'f' and ns.nspname = 'public' and fns.nspname = 'public'
        order by rel.relname, con.conname`,
    )
  ).rows;

  const functions = (
    await db.query<FunctionRow>(
      `select p.proname as name,
              p.proargnames::text[] as arg_names,
              array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) t)
                as arg_types,
              p.proargmodes::text[] as arg_modes,
              p.pronargdefaults::int as arg_defaults,
              p.proretset as returns_set,
              (select typname from pg_type where oid = p.prorettype) as return_type,
              (select c.relname from pg_type ty join pg_class c on c.oid = ty.typrelid
                 where ty.oid = p.prorettype and ty.typtype = 'c') as return_relation
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f'
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        order by p.proname, pg_get_function_identity_arguments(p.oid)`,
    )
  ).rows;

  const relations = new Map<string, { isView: boolean; columns: ColumnRow[] }>();
  for (const column of columns) {
    const entry = relations.get(column.table_name) ?? { isView: column.is_view, columns: [] };
    entry.columns.push(column);
    relations.set(column.table_name, entry);
  }

  const rowFields = (cols: ColumnRow[]): string[] =>
    cols.map((c) => `${key(c.column_name)}: ${tsType(c.udt_name)}${c.is_nullable === 'YES' ? ' | null' : ''}`);

  const relationshipList = (table: string): string => {
    const list = relationships.filter((r) => r.table_name === table);
    if (list.length === 0) return '[]';
    const items = list.map((r) =>
      [
        '{',
        `  foreignKeyName: ${JSON.stringify(r.constraint_name)}`,
        `  columns: [${r.columns.map((c) => JSON.stringify(c)).join(', ')}]`,
        `  isOneToOne: ${r.one_to_one}`,
        `  referencedRelation: ${JSON.stringify(r.referenced_table)}`,
        `  referencedColumns: [${r.referenced_columns.map((c) => JSON.stringify(c)).join(', ')}]`,
        '},',
      ].join('\n'),
    );
    return `[\n${indent(items.join('\n'), 2)}\n]`;
  };

  const tableBlocks: string[] = [];
  const viewBlocks: string[] = [];
  for (const [name, relation] of [...relations.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const row = objectType(rowFields(relation.columns));
    if (relation.isView) {
      viewBlocks.push(`${key(name)}: {\n  Row: ${indent(row, 2).trimStart()}\n  Relationships: ${indent(relationshipList(name), 2).trimStart()}\n}`);
      continue;
    }
    const writable = relation.columns.filter((c) => c.is_generated !== 'ALWAYS' && c.identity_generation !== 'ALWAYS');
    const insert = writable.map((c) => {
      const optional = c.is_nullable === 'YES' || c.column_default !== null || c.is_identity === 'YES';
      return `${key(c.column_name)}${optional ? '?' : ''}: ${tsType(c.udt_name)}${c.is_nullable === 'YES' ? ' | null' : ''}`;
    });
    const update = writable.map(
      (c) => `${key(c.column_name)}?: ${tsType(c.udt_name)}${c.is_nullable === 'YES' ? ' | null' : ''}`,
    );
    tableBlocks.push(
      [
        `${key(name)}: {`,
        `  Row: ${indent(row, 2).trimStart()}`,
        `  Insert: ${indent(objectType(insert), 2).trimStart()}`,
        `  Update: ${indent(objectType(update), 2).trimStart()}`,
        `  Relationships: ${indent(relationshipList(name), 2).trimStart()}`,
        '}',
      ].join('\n'),
    );
  }

  const rowTypeOf = (relation: string): string => {
    const entry = relations.get(relation);
    return entry ? objectType(rowFields(entry.columns)) : 'unknown';
  };

  const signature = (fn: FunctionRow): string => {
    const names = fn.arg_names ?? [];
    const modes = fn.arg_modes ?? fn.arg_types.map(() => 'i');
    const inputs: string[] = [];
    const outputs: string[] = [];
    const inputCount = modes.filter((m) => m === 'i' || m === 'b' || m === 'v').length;
    let inputIndex = 0;
    fn.arg_types.forEach((type, i) => {
      const mode = modes[i] ?? 'i';
      const name = names[i] ?? `arg${i}`;
      const ts = tsType(udtOf(type));
      if (mode === 'i' || mode === 'b' || mode === 'v') {
        const optional = inputIndex >= inputCount - fn.arg_defaults;
        inputs.push(`${key(name)}${optional ? '?' : ''}: ${ts}`);
        inputIndex += 1;
      }
      if (mode === 'o' || mode === 'b' || mode === 't') outputs.push(`${key(name)}: ${ts}`);
    });
    let returns: string;
    if (outputs.length > 0) returns = `${objectType(outputs)}[]`;
    else if (fn.return_relation) returns = fn.returns_set ? `${rowTypeOf(fn.return_relation)}[]` : rowTypeOf(fn.return_relation);
    else returns = `${tsType(fn.return_type)}${fn.returns_set ? '[]' : ''}`;
    const args = inputs.length === 0 ? 'never' : objectType(inputs);
    return `{\n  Args: ${indent(args, 2).trimStart()}\n  Returns: ${indent(returns, 2).trimStart()}\n}`;
  };

  const grouped = new Map<string, FunctionRow[]>();
  for (const fn of functions) grouped.set(fn.name, [...(grouped.get(fn.name) ?? []), fn]);
  const functionBlocks = [...grouped.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, overloads]) => {
      const [only] = overloads;
      if (overloads.length === 1 && only) return `${key(name)}: ${signature(only)}`;
      return `${key(name)}:\n${overloads.map((fn) => indent(`| ${signature(fn)}`, 2)).join('\n')}`;
    });

  const section = (blocks: string[]): string =>
    blocks.length === 0 ? '{\n  [_ in never]: never\n}' : `{\n${indent(blocks.join('\n'), 2)}\n}`;

  const publicSchema = [
    `Tables: ${section(tableBlocks)}`,
    `Views: ${section(viewBlocks)}`,
    `Functions: ${section(functionBlocks)}`,
    'Enums: {\n  [_ in never]: never\n}',
    'CompositeTypes: {\n  [_ in never]: never\n}',
  ].join('\n');

  return [
    '// Generated by scripts/gen-db-types.ts from supabase/migrations: do not edit by hand.',
    '// Regenerate with `npx tsx scripts/gen-db-types.ts` after changing a migration.',
    '',
    'export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];',
    '',
    'export type Database = {',
    '  public: {',
    indent(publicSchema, 4),
    '  };',
    '};',
    '',
    "type PublicSchema = Database['public'];",
    '',
    "export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];",
    "export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];",
    "export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];",
    "export type Views<T extends keyof PublicSchema['Views']> = PublicSchema['Views'][T]['Row'];",
    "export type Functions<T extends keyof PublicSchema['Functions']> = PublicSchema['Functions'][T];",
    '',
  ].join('\n');
}

function udtOf(formatted: string): string {
  const array = formatted.endsWith('[]');
  const base = array ? formatted.slice(0, -2) : formatted;
  const names: Record<string, string> = {
    uuid: 'uuid',
    text: 'text',
    integer: 'int4',
    bigint: 'int8',
    smallint: 'int2',
    boolean: 'bool',
    jsonb: 'jsonb',
    json: 'json',
    numeric: 'numeric',
    'timestamp with time zone': 'timestamptz',
    'timestamp without time zone': 'timestamp',
    date: 'date',
    'double precision': 'float8',
    real: 'float4',
    'character varying': 'varchar',
  };
  const udt = names[base] ?? base;
  return array ? `_${udt}` : udt;
}

async function main(): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
  const db = await PGlite.create({ extensions: { pgcrypto } });
  try {
    for (const file of schemaFiles()) await db.exec(file.sql);
    writeFileSync(typesPath, await generateTypes(db));
    console.log(`wrote ${typesPath}`);
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
