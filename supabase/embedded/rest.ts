// The PostgREST subset supabase-js uses, at /rest/v1. Every request is one transaction as the
// request's role, so grants and row level security decide what it sees, exactly as on hosted Supabase.
import type { Database, Tx } from './database.ts';
import { HttpError, decodeSegment, isPlainObject, parseJson } from './http.ts';
import { LIMITS } from './limits.ts';
import {
  Budget,
  Sql,
  emptyLevel,
  parseFilter,
  parseNonNegative,
  parseOrder,
  parseSelect,
  quoteIdent,
  type Level,
  type SelectItem,
} from './postgrest-query.ts';
import { asRole, runPreRequest, type RequestContext } from './request.ts';
import type { SchemaCache, TableInfo } from './schema-cache.ts';

export interface RestResult {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);

interface DbError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

/** PostgREST's SQLSTATE -> HTTP status table. */
export function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (/^(08|53)/.test(code)) return 503;
  if (/^(0L|0P|28)/.test(code)) return 403;
  if (/^54/.test(code)) return 413;
  if (code === '42P17' || /^(09|25|2D|38|39|3B|40|55|57|58|F0|HV|P0|XX)/.test(code)) return 500;
  return 400;
}

export function isDbError(error: unknown): error is DbError & Error {
  return error instanceof Error && typeof (error as DbError).code === 'string' && 'severity' in error;
}

/** SQLSTATE classes about the server's insides (internal, system, configuration): their text stays in the log. */
const INTERNAL_STATES = /^(XX|58|F0)/;

export function dbErrorToHttp(error: DbError, role: string): HttpError {
  const code = error.code ?? 'XX000';
  if (INTERNAL_STATES.test(code)) {
    console.error(`database error ${code}: ${error.message ?? ''}`);
    return new HttpError(500, { code, message: 'Internal error in the embedded backend', details: null, hint: null });
  }
  return new HttpError(statusForSqlState(code, role), {
    code,
    message: error.message ?? 'database error',
    details: error.detail ?? null,
    hint: error.hint ?? null,
  });
}

function headerList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

interface Prefer {
  returnRepresentation: boolean;
  count: boolean;
  resolution: 'merge' | 'ignore' | null;
  rollback: boolean;
}

function parsePrefer(header: string | undefined): Prefer {
  const items = new Set(headerList(header));
  return {
    returnRepresentation: items.has('return=representation'),
    count: items.has('count=exact') || items.has('count=planned') || items.has('count=estimated'),
    resolution: items.has('resolution=merge-duplicates') ? 'merge' : items.has('resolution=ignore-duplicates') ? 'ignore' : null,
    rollback: items.has('tx=rollback'),
  };
}

interface Shape {
  single: boolean;
  stripNulls: boolean;
}

function parseAccept(header: string | undefined): Shape {
  const accept = header ?? '';
  return {
    single: accept.includes('application/vnd.pgrst.object+json'),
    stripNulls: accept.includes('nulls=stripped'),
  };
}

function singleError(rows: number): HttpError {
  return new HttpError(406, {
    code: 'PGRST116',
    message: 'JSON object requested, multiple (or no) rows returned',
    details: `The result contains ${rows} rows`,
    hint: null,
  });
}

/** The root level plus embedded ones, filled from the query string. */
function parseLevels(params: URLSearchParams): Level {
  const root = emptyLevel();
  const budget = new Budget();
  const select = params.get('select');
  if (select !== null) root.items = parseSelect(select, budget);
  const findLevel = (path: string[]): Level | null => {
    let level = root;
    for (const name of path) {
      const next = level.items.find((i): i is Extract<SelectItem, { kind: 'embed' }> => i.kind === 'embed' && i.alias === name);
      if (!next) return null;
      level = next.level;
    }
    return level;
  };
  for (const [key, value] of params) {
    if (key === 'select') continue;
    let level = root;
    let name = key;
    const segments = key.split('.');
    // `rel.col=...`, `rel.order=...`: the longest prefix naming an embedded resource owns the key.
    for (let cut = segments.length - 1; cut > 0; cut--) {
      const found = findLevel(segments.slice(0, cut));
      if (found) {
        level = found;
        name = segments.slice(cut).join('.');
        break;
      }
    }
    if (name === 'order') level.order = parseOrder(value);
    else if (name === 'limit') level.limit = parseNonNegative('limit', value);
    else if (name === 'offset') level.offset = parseNonNegative('offset', value);
    else if (!RESERVED.has(name)) level.conds.push(parseFilter(name, value, budget));
  }
  return root;
}

class Compiler {
  constructor(
    readonly sql: Sql,
    private readonly cache: SchemaCache,
  ) {}

  /** Synchronous on purpose: the catalogs are read before the request's transaction (see knowRelations). */
  private relation(from: string | null, item: Extract<SelectItem, { kind: 'embed' }>) {
    if (!from) throw new HttpError(400, { code: 'PGRST200', message: `Could not find a relationship for '${item.relation}' in the schema cache`, details: null, hint: null });
    const rels = this.cache.relationships(from, item.relation, item.hint);
    if (rels.length === 0) {
      throw new HttpError(400, {
        code: 'PGRST200',
        message: `Could not find a relationship between '${from}' and '${item.relation}' in the schema cache`,
        details: `Searched for a foreign key relationship between '${from}' and '${item.relation}'${item.hint ? ` using the hint '${item.hint}'` : ''} in the schema 'public', but no matches were found.`,
        hint: null,
      });
    }
    if (rels.length > 1) {
      throw new HttpError(300, {
        code: 'PGRST201',
        message: `Could not embed because more than one relationship was found for '${from}' and '${item.relation}'`,
        details: null,
        hint: `Try changing '${item.relation}' to one of the foreign key names or columns, e.g. '${item.relation}!<fk name>'`,
      });
    }
    return rels[0] as NonNullable<(typeof rels)[0]>;
  }

  /** `select ... from <source> as <alias> where ...` for one level; embedded levels become subqueries. */
  level(level: Level, source: string, alias: string, table: string | null, opts: { join?: string[]; conds?: boolean; paging?: boolean }): string {
    const cols: string[] = [];
    const where = [...(opts.join ?? [])];
    for (const item of level.items) {
      if (item.kind === 'star') cols.push(`${alias}.*`);
      else if (item.kind === 'col') {
        cols.push(`${this.sql.col(alias, item.ref)}${item.cast ? `::${item.cast}` : ''} as ${quoteIdent(item.alias)}`);
      } else {
        const rel = this.relation(table, item);
        const inner = this.sql.alias();
        const join = rel.pairs.map(([theirs, ours]) => `${inner}.${quoteIdent(theirs)} = ${alias}.${quoteIdent(ours)}`);
        const target = `public.${quoteIdent(rel.target)}`;
        const sub = this.level(item.level, target, inner, rel.target, { join, conds: true, paging: !rel.toOne });
        cols.push(
          rel.toOne
            ? `(select to_json(_e) from (${sub} limit 1) _e) as ${quoteIdent(item.alias)}`
            : `(select coalesce(json_agg(_e), '[]'::json) from (${sub}) _e) as ${quoteIdent(item.alias)}`,
        );
        if (item.inner) where.push(this.exists(item.level, rel.target, rel.pairs, alias));
      }
    }
    if (opts.conds !== false) for (const c of level.conds) where.push(this.sql.cond(alias, c));
    let out = `select ${cols.join(', ')} from ${source} as ${alias}`;
    if (where.length) out += ` where ${where.join(' and ')}`;
    if (opts.paging !== false) {
      out += this.sql.order(alias, level.order);
      // PostgREST's max-rows (api.max_rows in supabase/config.toml): no read returns more, whatever it asks.
      out += ` limit ${Math.min(level.limit ?? LIMITS.maxRows, LIMITS.maxRows)}`;
      if (level.offset !== null) out += ` offset ${level.offset}`;
    }
    return out;
  }

  private exists(level: Level, target: string, pairs: [string, string][], outer: string): string {
    const alias = this.sql.alias();
    const where = pairs.map(([theirs, ours]) => `${alias}.${quoteIdent(theirs)} = ${outer}.${quoteIdent(ours)}`);
    for (const c of level.conds) where.push(this.sql.cond(alias, c));
    for (const item of level.items) {
      if (item.kind === 'embed' && item.inner) {
        const rel = this.relation(target, item);
        where.push(this.exists(item.level, rel.target, rel.pairs, alias));
      }
    }
    return `exists (select 1 from public.${quoteIdent(target)} as ${alias} where ${where.join(' and ')})`;
  }

  /** Conditions only (for counts): the root's filters and its !inner embeds. */
  countQuery(level: Level, source: string, table: string | null): string {
    const alias = this.sql.alias();
    const where: string[] = level.conds.map((c) => this.sql.cond(alias, c));
    for (const item of level.items) {
      if (item.kind === 'embed' && item.inner) {
        const rel = this.relation(table, item);
        where.push(this.exists(item.level, rel.target, rel.pairs, alias));
      }
    }
    return `select count(*)::int as n from ${source} as ${alias}${where.length ? ` where ${where.join(' and ')}` : ''}`;
  }
}

/** Every relation a select tree embeds, at any depth. */
function embeddedRelations(items: SelectItem[], out: Set<string> = new Set()): Set<string> {
  for (const item of items) {
    if (item.kind !== 'embed') continue;
    out.add(item.relation);
    embeddedRelations(item.level.items, out);
  }
  return out;
}

/** Reads the catalogs for what the request embeds before its transaction opens (never inside it). */
function knowRelations(deps: Deps, items: SelectItem[]): Promise<void> {
  return deps.cache.know(embeddedRelations(items));
}

function aggregate(inner: string, shape: Shape): string {
  const row = shape.stripNulls ? 'json_strip_nulls(to_json(_e))' : '_e';
  return `select coalesce(json_agg(${row}), '[]'::json)::text as body, count(*)::int as n from (${inner}) _e`;
}

function rangeHeader(offset: number, rows: number, total: number | null): string {
  const range = rows > 0 ? `${offset}-${offset + rows - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

function parseRangeHeader(value: string | undefined): { offset: number; limit: number | null } | null {
  if (!value) return null;
  const match = /^(?:items=)?\s*(\d+)-(\d*)$/.exec(value.trim());
  if (!match) return null;
  const from = Number(match[1]);
  const to = match[2] ? Number(match[2]) : null;
  return { offset: from, limit: to === null ? null : Math.max(0, to - from + 1) };
}

function bodyFor(json: string, rows: number, shape: Shape): string {
  if (!shape.single) return json;
  if (rows !== 1) throw singleError(rows);
  return JSON.stringify((JSON.parse(json) as unknown[])[0]);
}

interface Deps {
  db: Database;
  cache: SchemaCache;
}

export interface RestRequest {
  method: string;
  /** The path after /rest/v1, e.g. `/my_users` or `/rpc/get_top_streaks`. */
  path: string;
  params: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: Buffer;
  ctx: RequestContext;
}

export async function handleRest(deps: Deps, req: RestRequest): Promise<RestResult> {
  const profile = req.headers['accept-profile'] ?? req.headers['content-profile'];
  if (profile && profile !== 'public') {
    throw new HttpError(406, { code: 'PGRST106', message: 'The schema must be one of the following: public', details: null, hint: null });
  }
  const segments = req.path.split('/').filter(Boolean).map(decodeSegment);
  if (segments.some((segment) => segment === null)) {
    throw new HttpError(400, { code: 'PGRST125', message: 'Invalid path specified in request URL', details: 'The path is not valid URL encoding', hint: null });
  }
  if (segments.length === 2 && segments[0] === 'rpc') return rpc(deps, req, segments[1] as string);
  if (segments.length !== 1) {
    throw new HttpError(404, { code: 'PGRST125', message: `Invalid path specified in request URL`, details: null, hint: null });
  }
  const name = segments[0] as string;
  const table = await deps.cache.table(name);
  if (!table) {
    throw new HttpError(404, {
      code: 'PGRST205',
      message: `Could not find the table 'public.${name}' in the schema cache`,
      details: null,
      hint: null,
    });
  }
  switch (req.method) {
    case 'GET':
    case 'HEAD':
      return read(deps, req, table);
    case 'POST':
      return insert(deps, req, table);
    case 'PATCH':
      return update(deps, req, table);
    case 'DELETE':
      return remove(deps, req, table);
    default:
      throw new HttpError(405, { code: 'PGRST117', message: `Unsupported HTTP method: ${req.method}`, details: null, hint: null });
  }
}

async function runAs<T>(deps: Deps, req: RestRequest, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await asRole(deps.db, req.ctx, async (tx) => {
      if (deps.cache.hasPreRequest) await runPreRequest(tx, req.ctx);
      return fn(tx);
    });
  } catch (error) {
    if (isDbError(error)) throw dbErrorToHttp(error, req.ctx.role);
    throw error;
  }
}

async function selectFrom(
  deps: Deps,
  req: RestRequest,
  source: (sql: Sql) => string,
  table: string | null,
  root: Level,
  tx: Tx,
): Promise<RestResult> {
  const shape = parseAccept(req.headers.accept);
  const prefer = parsePrefer(req.headers.prefer);
  const range = parseRangeHeader(req.headers.range);
  if (range) {
    root.offset = root.offset ?? range.offset;
    if (range.limit !== null) root.limit = root.limit === null ? range.limit : Math.min(root.limit, range.limit);
  }
  const main = new Compiler(new Sql(), deps.cache);
  const text = aggregate(main.level(root, source(main.sql), main.sql.alias(), table, {}), shape);
  const result = (await tx.query<{ body: string; n: number }>(text, main.sql.params)).rows[0] ?? { body: '[]', n: 0 };
  let total: number | null = null;
  if (prefer.count) {
    const counter = new Compiler(new Sql(), deps.cache);
    const countSql = counter.countQuery(root, source(counter.sql), table);
    total = (await tx.query<{ n: number }>(countSql, counter.sql.params)).rows[0]?.n ?? 0;
  }
  const offset = root.offset ?? 0;
  if (total !== null && offset > 0 && offset >= total && result.n === 0) {
    throw new HttpError(416, {
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
      hint: null,
    });
  }
  const body = bodyFor(result.body, result.n, shape);
  const partial = total !== null && result.n < total;
  return {
    status: partial ? 206 : 200,
    body,
    headers: {
      'Content-Type': shape.single ? 'application/vnd.pgrst.object+json; charset=utf-8' : JSON_TYPE,
      'Content-Range': rangeHeader(offset, result.n, total),
    },
  };
}

async function read(deps: Deps, req: RestRequest, table: TableInfo): Promise<RestResult> {
  const root = parseLevels(req.params);
  await knowRelations(deps, root.items);
  return runAs(deps, req, (tx) => selectFrom(deps, req, () => `public.${quoteIdent(table.name)}`, table.name, root, tx));
}

function jsonBody(req: RestRequest): unknown {
  const parsed = parseJson(req.body);
  if (!parsed.ok) {
    throw new HttpError(400, {
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: parsed.tooDeep ? `The body nests arrays and objects more than ${LIMITS.jsonDepth} deep` : null,
      hint: null,
    });
  }
  return parsed.value;
}

function checkColumns(table: TableInfo, columns: string[]): void {
  for (const column of columns) {
    if (!table.columns.has(column)) {
      throw new HttpError(400, {
        code: 'PGRST204',
        message: `Could not find the '${column}' column of '${table.name}' in the schema cache`,
        details: null,
        hint: null,
      });
    }
  }
}

function columnList(text: string): string[] {
  return text
    .split(',')
    .map((c) => c.trim().replace(/^"(.*)"$/, '$1'))
    .filter(Boolean);
}

/**
 * Runs a mutation. With return=representation the rows come back through the same select
 * compiler (RETURNING needs a SELECT policy, as with PostgREST); otherwise no RETURNING is used.
 */
async function mutate(
  deps: Deps,
  req: RestRequest,
  table: TableInfo,
  build: (sql: Sql, alias: string) => string,
  successStatus: number,
): Promise<RestResult> {
  const prefer = parsePrefer(req.headers.prefer);
  const shape = parseAccept(req.headers.accept);
  const root = parseLevels(req.params);
  await knowRelations(deps, root.items);
  return runAs(deps, req, async (tx) => {
    const sql = new Sql();
    const alias = sql.alias();
    const statement = build(sql, alias);
    let body: string | null = null;
    let rows: number;
    if (prefer.returnRepresentation || shape.single) {
      const compiler = new Compiler(sql, deps.cache);
      const select = compiler.level(root, '_m', sql.alias(), table.name, { conds: false, paging: false });
      const text = `with _m as (${statement} returning ${alias}.*) ${aggregate(select, shape)}`;
      const result = (await tx.query<{ body: string; n: number }>(text, sql.params)).rows[0] ?? { body: '[]', n: 0 };
      rows = result.n;
      body = bodyFor(result.body, rows, shape);
      if (!prefer.returnRepresentation) body = null;
    } else {
      rows = (await tx.query(statement, sql.params)).affectedRows ?? 0;
    }
    if (prefer.rollback) await tx.rollback();
    const headers: Record<string, string> = { 'Content-Range': rangeHeader(0, body === null ? 0 : rows, prefer.count ? rows : null) };
    if (body === null) return { status: successStatus === 201 ? 201 : 204, body: null, headers };
    headers['Content-Type'] = shape.single ? 'application/vnd.pgrst.object+json; charset=utf-8' : JSON_TYPE;
    return { status: successStatus, body, headers };
  });
}

function insert(deps: Deps, req: RestRequest, table: TableInfo): Promise<RestResult> {
  const value = jsonBody(req);
  const rows = Array.isArray(value) ? value : [value];
  if (!rows.every(isPlainObject)) {
    throw new HttpError(400, { code: 'PGRST102', message: 'Empty or invalid json', details: 'Expected an object or an array of objects', hint: null });
  }
  const given = req.params.get('columns');
  const columns = given !== null ? columnList(given) : [...new Set(rows.flatMap((r) => Object.keys(r)))];
  checkColumns(table, columns);
  const prefer = parsePrefer(req.headers.prefer);
  const onConflict = req.params.get('on_conflict');
  const conflictCols = onConflict ? columnList(onConflict) : table.primaryKey;
  if (prefer.resolution) checkColumns(table, conflictCols);
  if (rows.length === 0) {
    return Promise.resolve({ status: 201, body: prefer.returnRepresentation ? '[]' : null, headers: { 'Content-Range': '*/0' } });
  }
  const target = `public.${quoteIdent(table.name)}`;
  return mutate(
    deps,
    req,
    table,
    (sql, alias) => {
      const payload = sql.param(JSON.stringify(rows));
      const cols = columns.map(quoteIdent).join(', ');
      let statement = columns.length
        ? `insert into ${target} as ${alias} (${cols}) select ${cols} from json_populate_recordset(null::${target}, ${payload}::json)`
        : `insert into ${target} as ${alias} select from json_array_elements(${payload}::json)`;
      if (prefer.resolution) {
        const conflict = `on conflict (${conflictCols.map(quoteIdent).join(', ')})`;
        const updatable = columns.filter((c) => !conflictCols.includes(c));
        statement +=
          prefer.resolution === 'merge' && updatable.length
            ? ` ${conflict} do update set ${updatable.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ')}`
            : ` ${conflict} do nothing`;
      }
      return statement;
    },
    201,
  );
}

function update(deps: Deps, req: RestRequest, table: TableInfo): Promise<RestResult> {
  const value = jsonBody(req);
  if (!isPlainObject(value)) {
    throw new HttpError(400, { code: 'PGRST102', message: 'Empty or invalid json', details: 'Expected a JSON object', hint: null });
  }
  const columns = Object.keys(value);
  checkColumns(table, columns);
  const root = parseLevels(req.params);
  if (!columns.length) {
    const representation = parsePrefer(req.headers.prefer).returnRepresentation;
    return Promise.resolve({ status: representation ? 200 : 204, body: representation ? '[]' : null, headers: { 'Content-Type': JSON_TYPE } });
  }
  const target = `public.${quoteIdent(table.name)}`;
  return mutate(
    deps,
    req,
    table,
    (sql, alias) => {
      const where = root.conds.map((c) => sql.cond(alias, c));
      const payload = sql.param(JSON.stringify(value));
      const set = columns.map((c) => `${quoteIdent(c)} = _b.${quoteIdent(c)}`).join(', ');
      return `update ${target} as ${alias} set ${set} from json_populate_record(null::${target}, ${payload}::json) as _b${where.length ? ` where ${where.join(' and ')}` : ''}`;
    },
    200,
  );
}

function remove(deps: Deps, req: RestRequest, table: TableInfo): Promise<RestResult> {
  const root = parseLevels(req.params);
  const target = `public.${quoteIdent(table.name)}`;
  return mutate(
    deps,
    req,
    table,
    (sql, alias) => {
      const where = root.conds.map((c) => sql.cond(alias, c));
      return `delete from ${target} as ${alias}${where.length ? ` where ${where.join(' and ')}` : ''}`;
    },
    200,
  );
}

// --- rpc -------------------------------------------------------------------------------------

interface FnArg {
  name: string;
  type: string;
  category: string;
  hasDefault: boolean;
}

interface FnInfo {
  args: FnArg[];
  unnamedJson: boolean;
  retset: boolean;
  kind: 'void' | 'scalar' | 'composite';
  table: string | null;
}

// PostgREST keeps function signatures in its schema cache too: reading pg_proc on every call cost
// more than the call itself. A miss is never cached, so a function created later is still found.
const functionCache = new WeakMap<SchemaCache, Map<string, FnInfo[]>>();

async function cachedFunctionsNamed(cache: SchemaCache, tx: Tx, name: string): Promise<FnInfo[]> {
  let byName = functionCache.get(cache);
  if (byName === undefined) {
    byName = new Map();
    functionCache.set(cache, byName);
  }
  const known = byName.get(name);
  if (known !== undefined) return known;
  const found = await functionsNamed(tx, name);
  if (found.length > 0) byName.set(name, found);
  return found;
}

async function functionsNamed(tx: Tx, name: string): Promise<FnInfo[]> {
  const result = await tx.query<{
    nargs: number;
    ndefaults: number;
    names: string[] | null;
    modes: string[] | null;
    types: { type: string; category: string }[];
    retset: boolean;
    typtype: string;
    rettype: string;
    rettable: string | null;
  }>(
    `select p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
            to_json(p.proargnames) as names, to_json(p.proargmodes::text[]) as modes,
            coalesce((select json_agg(json_build_object('type', format_type(t.oid, null), 'category', t.typcategory::text) order by u.o)
                      from unnest(p.proargtypes::oid[]) with ordinality u(toid, o) join pg_type t on t.oid = u.toid), '[]') as types,
            p.proretset as retset, rt.typtype::text as typtype, format_type(p.prorettype, null) as rettype,
            rc.relname as rettable
     from pg_proc p
     join pg_namespace n on n.oid = p.pronamespace
     join pg_type rt on rt.oid = p.prorettype
     left join pg_class rc on rc.oid = rt.typrelid and rc.relnamespace = n.oid
     where n.nspname = 'public' and p.proname = $1 and p.prokind = 'f'`,
    [name],
  );
  return result.rows.map((r) => {
    const allNames = r.names ?? [];
    const inNames = r.modes ? allNames.filter((_, i) => ['i', 'b', 'v'].includes(r.modes?.[i] ?? '')) : allNames.slice(0, r.nargs);
    const args = r.types.map((t, i) => ({
      name: inNames[i] ?? '',
      type: t.type,
      category: t.category,
      hasDefault: i >= r.nargs - r.ndefaults,
    }));
    const outputs = !!r.modes?.some((m) => m === 't' || m === 'o');
    return {
      args,
      unnamedJson: args.length === 1 && args[0]?.name === '' && (args[0].type === 'json' || args[0].type === 'jsonb'),
      retset: r.retset,
      kind: r.rettype === 'void' ? 'void' : r.typtype === 'c' || (r.rettype === 'record' && outputs) ? 'composite' : 'scalar',
      table: r.rettable,
    };
  });
}

function pgArrayLiteral(values: unknown[]): string {
  return `{${values
    .map((v) => {
      if (v === null || v === undefined) return 'NULL';
      if (Array.isArray(v)) return pgArrayLiteral(v);
      const text = scalarText(v);
      return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    })
    .join(',')}}`;
}

function argText(arg: FnArg, value: unknown, fromQuery: boolean): string | null {
  if (value === null || value === undefined) return null;
  if (fromQuery) return scalarText(value);
  if (arg.type === 'json' || arg.type === 'jsonb') return JSON.stringify(value);
  if (Array.isArray(value) && arg.category === 'A') return pgArrayLiteral(value);
  return scalarText(value);
}

/** A value of a JSON body or a query string as Postgres text input: scalars as they read, anything else as JSON. */
function scalarText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    default:
      return JSON.stringify(value) ?? '';
  }
}

function notFound(name: string, keys: string[]): HttpError {
  const sorted = [...keys].sort();
  return new HttpError(404, {
    code: 'PGRST202',
    message: `Could not find the function public.${name}${sorted.length ? `(${sorted.join(', ')})` : ''} in the schema cache`,
    details: sorted.length
      ? `Searched for the function public.${name} with parameters ${sorted.join(', ')} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`
      : `Searched for the function public.${name} without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    hint: null,
  });
}

function pickFunction(name: string, candidates: FnInfo[], keys: string[], strict: boolean): FnInfo {
  const fits = candidates.filter((fn) => {
    const names = new Set(fn.args.map((a) => a.name));
    if (strict && !keys.every((k) => names.has(k))) return false;
    return fn.args.every((a) => a.hasDefault || keys.includes(a.name));
  });
  if (fits.length === 0) {
    const json = strict ? candidates.find((fn) => fn.unnamedJson) : undefined;
    if (json) return json;
    throw notFound(name, keys);
  }
  // Prefer the overload that uses the most of the given arguments.
  const score = (fn: FnInfo) => fn.args.filter((a) => keys.includes(a.name)).length * 1000 - fn.args.length;
  const ranked = [...fits].sort((a, b) => score(b) - score(a));
  const [first, second] = ranked as [FnInfo, FnInfo | undefined];
  if (second && score(first) === score(second)) {
    throw new HttpError(300, {
      code: 'PGRST203',
      message: `Could not choose the best candidate function between: ${ranked.map((f) => `public.${name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  }
  return first;
}

async function rpc(deps: Deps, req: RestRequest, name: string): Promise<RestResult> {
  const fromQuery = req.method === 'GET' || req.method === 'HEAD';
  if (!fromQuery && req.method !== 'POST') {
    throw new HttpError(405, { code: 'PGRST101', message: 'Only GET, HEAD or POST requests are allowed for functions', details: null, hint: null });
  }
  let args: Record<string, unknown> = {};
  if (!fromQuery) {
    const value = jsonBody(req);
    if (value !== undefined && !isPlainObject(value)) {
      throw new HttpError(400, { code: 'PGRST102', message: 'Empty or invalid json', details: 'Expected a JSON object of named arguments', hint: null });
    }
    args = value ?? {};
  }
  const select = req.params.get('select');
  if (select !== null) await knowRelations(deps, parseSelect(select));
  return runAs(deps, req, async (tx) => {
    // As PostgREST does: a GET (a link, a prefetch, a cache) never changes anything, so a function that
    // writes fails with 25006 (HTTP 405) and must be called with POST.
    if (fromQuery) await tx.query('set transaction read only');
    const candidates = await cachedFunctionsNamed(deps.cache, tx, name);
    if (!candidates.length) throw notFound(name, fromQuery ? [] : Object.keys(args));
    let fn: FnInfo;
    const filterParams = new URLSearchParams(req.params);
    if (fromQuery) {
      const keys = [...req.params.keys()].filter((k) => !RESERVED.has(k));
      fn = pickFunction(name, candidates, keys, false);
      for (const arg of fn.args) {
        if (req.params.has(arg.name)) {
          args[arg.name] = req.params.get(arg.name);
          filterParams.delete(arg.name);
        }
      }
    } else {
      fn = pickFunction(name, candidates, Object.keys(args), true);
    }
    const call = (sql: Sql) =>
      fn.unnamedJson
        ? `public.${quoteIdent(name)}(${sql.param(JSON.stringify(args))}::${fn.args[0]?.type ?? 'json'})`
        : `public.${quoteIdent(name)}(${fn.args
            .filter((a) => a.name in args)
            .map((a) => `${quoteIdent(a.name)} => ${sql.param(argText(a, args[a.name], fromQuery))}::${a.type}`)
            .join(', ')})`;
    const sql = new Sql();
    const shape = parseAccept(req.headers.accept);
    if (fn.kind === 'void') {
      await tx.query(`select ${call(sql)}`, sql.params);
      return { status: 204, body: null, headers: {} };
    }
    if (fn.kind === 'scalar') {
      if (!fn.retset) {
        const row = (await tx.query<{ body: string }>(`select to_json(${call(sql)})::text as body`, sql.params)).rows[0];
        return { status: 200, body: row?.body ?? 'null', headers: { 'Content-Type': JSON_TYPE } };
      }
      const row = (
        await tx.query<{ body: string; n: number }>(
          `select coalesce(json_agg(_r), '[]'::json)::text as body, count(*)::int as n from (select * from ${call(sql)} as _f limit ${LIMITS.maxRows}) as _r`,
          sql.params,
        )
      ).rows[0] ?? { body: '[]', n: 0 };
      return { status: 200, body: bodyFor(row.body, row.n, shape), headers: { 'Content-Type': JSON_TYPE, 'Content-Range': rangeHeader(0, row.n, null) } };
    }
    // Composite results go through the select compiler, so select=, filters and order work on them.
    const root = parseLevels(filterParams);
    const result = await selectFrom(deps, req, call, fn.table, root, tx);
    if (fn.retset || shape.single) return result;
    const list = JSON.parse(result.body ?? '[]') as unknown[];
    return { ...result, status: 200, body: JSON.stringify(list[0] ?? null) };
  });
}
