// What a database holds, object by object, as text that two databases can be compared by: schemas,
// tables, views and sequences with their columns and grants, constraints, indexes, triggers,
// policies, functions with their definitions and grants, and the app's own types. Objects an
// extension owns are left out.
import type { Sql } from './session.ts';

/** The schemas whose objects the migrations and supabase/schemas own or change. */
export const APP_SCHEMAS = ['public', 'app_private', 'storage', 'realtime'];

export interface CatalogObject {
  /** Unique within a database, e.g. `function public.balance(p_uid uuid)`. */
  key: string;
  /** Everything about it that the SQL decides, as text. */
  definition: string;
}

const notFromExtension = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

function sortedAcl(acl: string[] | null): string {
  return acl === null ? 'default' : [...acl].sort().join(' ');
}

export async function readCatalog(sql: Sql, schemas: string[] = APP_SCHEMAS): Promise<CatalogObject[]> {
  const objects: CatalogObject[] = [];
  const add = (key: string, definition: string) => objects.push({ key, definition });

  const namespaces = await sql.query<{ name: string; acl: string[] | null }>(
    `select nspname as name, nspacl::text[] as acl from pg_namespace where nspname = any ($1) order by 1`,
    [schemas],
  );
  for (const n of namespaces.rows) add(`schema ${n.name}`, `grants: ${sortedAcl(n.acl)}`);

  const relations = await sql.query<{
    name: string;
    kind: string;
    options: string[] | null;
    rls: boolean;
    force_rls: boolean;
    acl: string[] | null;
    view: string | null;
    columns: string | null;
  }>(
    `select n.nspname || '.' || c.relname as name, c.relkind::text as kind, c.reloptions as options,
            c.relrowsecurity as rls, c.relforcerowsecurity as force_rls, c.relacl::text[] as acl,
            case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end as view,
            (select string_agg(
                      format('%s %s%s%s%s%s grants: %s', a.attname, format_type(a.atttypid, a.atttypmod),
                        case when a.attnotnull then ' not null' else '' end,
                        coalesce(' default ' || pg_get_expr(ad.adbin, ad.adrelid), ''),
                        case a.attidentity when 'a' then ' identity always' when 'd' then ' identity by default' else '' end,
                        case a.attgenerated when 's' then ' generated stored' else '' end,
                        coalesce(array_to_string(array(select unnest(a.attacl::text[]) order by 1), ' '), 'default')),
                      E'\\n' order by a.attnum)
               from pg_attribute a left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f', 'c') and ${notFromExtension('pg_class', 'c.oid')}
      order by 1`,
    [schemas],
  );
  const kinds: Record<string, string> = { r: 'table', p: 'table', v: 'view', m: 'materialized view', S: 'sequence', f: 'foreign table', c: 'type' };
  for (const r of relations.rows) {
    add(
      `${kinds[r.kind] ?? r.kind} ${r.name}`,
      [
        `options: ${(r.options ?? []).join(', ')}`,
        `row level security: ${r.rls}${r.force_rls ? ' (forced)' : ''}`,
        `grants: ${sortedAcl(r.acl)}`,
        ...(r.view === null ? [] : [`definition: ${r.view.trim()}`]),
        ...(r.kind === 'S' ? [] : [`columns:\n${r.columns ?? ''}`]),
      ].join('\n'),
    );
  }

  const constraints = await sql.query<{ key: string; definition: string }>(
    `select format('constraint %s.%s on %s', n.nspname, con.conname, con.conrelid::regclass) as key,
            pg_get_constraintdef(con.oid) as definition
       from pg_constraint con join pg_namespace n on n.oid = con.connamespace
      where n.nspname = any ($1) and ${notFromExtension('pg_constraint', 'con.oid')}
      order by 1`,
    [schemas],
  );
  for (const c of constraints.rows) add(c.key, c.definition);

  const indexes = await sql.query<{ key: string; definition: string }>(
    `select 'index ' || n.nspname || '.' || c.relname as key, pg_get_indexdef(c.oid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any ($1) and ${notFromExtension('pg_class', 'c.oid')}
      order by 1`,
    [schemas],
  );
  for (const i of indexes.rows) add(i.key, i.definition);

  const triggers = await sql.query<{ key: string; definition: string }>(
    `select format('trigger %s on %s', t.tgname, t.tgrelid::regclass) as key,
            pg_get_triggerdef(t.oid) || ' enabled: ' || t.tgenabled::text as definition
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any ($1) and not t.tgisinternal
      order by 1`,
    [schemas],
  );
  for (const t of triggers.rows) add(t.key, t.definition);

  const policies = await sql.query<{ key: string; definition: string }>(
    `select format('policy "%s" on %s.%s', policyname, schemaname, tablename) as key,
            format(E'%s for %s to %s\\nusing: %s\\nwith check: %s', permissive, cmd, array_to_string(roles, ', '), qual, with_check) as definition
       from pg_policies where schemaname = any ($1)
      order by 1`,
    [schemas],
  );
  for (const p of policies.rows) add(p.key, p.definition);

  const functions = await sql.query<{ key: string; definition: string; acl: string[] | null }>(
    `select format('function %s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as key,
            pg_get_functiondef(p.oid) as definition, p.proacl::text[] as acl
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any ($1) and p.prokind in ('f', 'p', 'w') and ${notFromExtension('pg_proc', 'p.oid')}
      order by 1`,
    [schemas],
  );
  for (const f of functions.rows) add(f.key, `${f.definition.trim()}\ngrants: ${sortedAcl(f.acl)}`);

  const types = await sql.query<{ key: string; definition: string }>(
    `select format('%s %s.%s', case t.typtype when 'e' then 'enum' when 'd' then 'domain' else 'range' end, n.nspname, t.typname) as key,
            case t.typtype
              when 'e' then (select string_agg(e.enumlabel, ', ' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid)
              when 'd' then format_type(t.typbasetype, t.typtypmod) || coalesce(' default ' || t.typdefault, '')
                || case when t.typnotnull then ' not null' else '' end
              else format_type(t.oid, null)
            end || ' grants: ' || coalesce(array_to_string(t.typacl::text[], ' '), 'default') as definition
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = any ($1) and t.typtype in ('e', 'd', 'r') and ${notFromExtension('pg_type', 't.oid')}
      order by 1`,
    [schemas],
  );
  for (const t of types.rows) add(t.key, t.definition);

  return objects;
}

/** Each function of the app's schemas with a digest of its definition and grants: what a schema file adds or changes. */
export async function functionDigests(sql: Sql, schemas: string[] = APP_SCHEMAS): Promise<Map<string, string>> {
  const { rows } = await sql.query<{ key: string; digest: string }>(
    `select format('function %s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as key,
            md5(pg_get_functiondef(p.oid) || coalesce(p.proacl::text, '')) as digest
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any ($1) and p.prokind in ('f', 'p', 'w') and ${notFromExtension('pg_proc', 'p.oid')}`,
    [schemas],
  );
  return new Map(rows.map((r) => [r.key, r.digest]));
}

/** The rows of `table`, in a stable order, as JSON text. */
export async function tableRows(sql: Sql, table: string): Promise<string[]> {
  const { rows } = await sql.query<{ row: string }>(`select to_jsonb(t)::text as row from ${table} t order by 1`);
  return rows.map((r) => r.row);
}
