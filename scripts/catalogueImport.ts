// The rules of `npm run catalogue -- import`: reading an operator's list of catalogue entries (a JSON
// array of objects, or CSV with a header row), checking every row against what the apps table and the
// portal's pages accept, and planning what an import would add, change or leave alone. No I/O here:
// catalogue.ts beside it reads the file, asks the backend and checks the pages.
import { CATALOGUE_CATEGORIES, knownCategory } from '../src/domain/categories.ts';
import { bundledGameId } from '../src/domain/gameSdk.ts';
import { dashesToSpaces, toSlug } from '../src/domain/slug.ts';

/** The columns of an import, in the order an export writes them. */
export const IMPORT_FIELDS = ['id', 'title', 'slug', 'category', 'description', 'thumbnail', 'url'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
const REQUIRED_FIELDS: readonly ImportField[] = ['id', 'title', 'category', 'url'];

// The apps table's own checks (supabase/schemas/public/tables/apps.sql), so a row is refused here with
// its line number rather than by the database with none.
const ID_FORMAT = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const SLUG_FORMAT = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 2000;
/** Browsers and servers commonly stop at about 2,000 characters of URL; a longer one is a pasting accident. */
export const URL_MAX = 2048;
/** One import is one request to the backend, whose JSON bodies stop at 1 MiB; 1,000 full rows fit. */
export const MAX_IMPORT_ROWS = 1000;

/** /class/creator is the creator page, so a game of that title could never be opened. */
const RESERVED_TITLES = new Set(['creator']);

/** One entry as the apps table keeps it. */
export interface CatalogueFields {
  id: string;
  title: string;
  slug: string;
  category: string;
  description: string;
  thumbnail: string | null;
  url: string;
}

/** A row of apps as the backend has it now. */
export interface ExistingApp extends CatalogueFields {
  bundled: boolean;
  retired_at: string | null;
}

/** A row of the operator's file, before any check: where it is ('line 4', 'entry 2') and its raw values. */
export interface SourceRow {
  where: string;
  values: Record<string, unknown>;
  /** Problems of the row's shape found while reading it (a missing cell, an unknown field). */
  problems: string[];
}

export type ReadResult = { ok: true; rows: SourceRow[] } | { ok: false; error: string };

// ---------------------------------------------------------------------------------------------------
// CSV (RFC 4180)

export interface CsvRecord {
  /** The line the record starts on, counting from 1 (a quoted field may run over several lines). */
  line: number;
  fields: string[];
}

export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; error: string };

/**
 * RFC 4180: fields separated by commas, records by CRLF (LF or a lone CR too); a field in double quotes
 * may hold commas, line breaks and quotes written twice. A leading byte order mark is dropped, and
 * empty lines are skipped. A quote inside an unquoted field, text after a closing quote and a quoted
 * field that never ends are errors: each would otherwise shift every later column.
 */
export function parseCsv(input: string): CsvResult {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  const breakAt = (at: number): number => (text[at] === '\r' && text[at + 1] === '\n' ? 2 : text[at] === '\r' || text[at] === '\n' ? 1 : 0);

  while (i < text.length) {
    const start = line;
    const width = breakAt(i);
    if (width > 0) {
      i += width;
      line += 1;
      continue;
    }
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        const opened = line;
        i += 1;
        for (;;) {
          if (i >= text.length) return { ok: false, error: `line ${opened}: a quoted field starts here and never ends (a closing " is missing)` };
          const ch = text[i]!;
          if (ch === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          const w = breakAt(i);
          if (w > 0) {
            field += text.slice(i, i + w);
            i += w;
            line += 1;
            continue;
          }
          field += ch;
          i += 1;
        }
        if (i < text.length && text[i] !== ',' && breakAt(i) === 0) {
          return { ok: false, error: `line ${line}: text after the closing quote of a field (a quote inside a quoted field is written "")` };
        }
      } else {
        while (i < text.length && text[i] !== ',' && breakAt(i) === 0) {
          if (text[i] === '"') {
            return { ok: false, error: `line ${line}: a quote inside an unquoted field; put the whole field in quotes and write the quote twice ("")` };
          }
          field += text[i];
          i += 1;
        }
      }
      fields.push(field);
      if (text[i] === ',') {
        i += 1;
        continue;
      }
      break;
    }
    records.push({ line: start, fields });
    const end = breakAt(i);
    if (end > 0) {
      i += end;
      line += 1;
    }
  }
  return { ok: true, records };
}

function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Rows as CSV with a header row, quoted only where RFC 4180 needs it (or spaces at an end would be lost). */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

// ---------------------------------------------------------------------------------------------------
// Reading a file

function countRows(rows: SourceRow[]): ReadResult {
  if (rows.length === 0) return { ok: false, error: 'the file lists no entries' };
  if (rows.length > MAX_IMPORT_ROWS) {
    return { ok: false, error: `the file lists ${rows.length} entries; one import takes at most ${MAX_IMPORT_ROWS}: split it into several files` };
  }
  return { ok: true, rows };
}

function unknownName(noun: 'column' | 'field', name: string): string {
  return `unknown ${noun} '${name}' (the ${noun}s are ${IMPORT_FIELDS.join(', ')})`;
}

/** A CSV list: a header row naming the columns (any order, any case), then one entry a line. */
export function readCatalogueCsv(text: string): ReadResult {
  const parsed = parseCsv(text);
  if (!parsed.ok) return parsed;
  const [head, ...body] = parsed.records;
  if (head === undefined) return { ok: false, error: 'the file is empty: it needs a header row (id,title,category,url,...) and one entry a line' };
  const header = head.fields.map((name) => name.trim().toLowerCase());
  const problems: string[] = [];
  header.forEach((name, column) => {
    if (name === '') problems.push(`column ${column + 1} has no name`);
    else if (!(IMPORT_FIELDS as readonly string[]).includes(name)) problems.push(unknownName('column', name));
    else if (header.indexOf(name) !== column) problems.push(`column '${name}' appears twice`);
  });
  for (const name of REQUIRED_FIELDS) if (!header.includes(name)) problems.push(`there is no '${name}' column`);
  if (problems.length > 0) return { ok: false, error: `the header row (line ${head.line}): ${problems.join('; ')}` };

  const rows: SourceRow[] = [];
  for (const record of body) {
    // A spreadsheet's trailing ",,,," lines are empty rows, not entries.
    if (record.fields.every((field) => field.trim() === '')) continue;
    const values: Record<string, unknown> = {};
    header.forEach((name, column) => {
      if (column < record.fields.length) values[name] = record.fields[column];
    });
    const shape =
      record.fields.length === header.length
        ? []
        : [`it has ${record.fields.length} field${record.fields.length === 1 ? '' : 's'} where the header has ${header.length} (a comma inside a field needs quotes)`];
    rows.push({ where: `line ${record.line}`, values, problems: shape });
  }
  return countRows(rows);
}

/** A JSON list: an array of objects with the import's fields (null or absent for the optional ones). */
export function readCatalogueJson(text: string): ReadResult {
  let body: unknown;
  try {
    body = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    return { ok: false, error: `the file is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!Array.isArray(body)) return { ok: false, error: 'the file is not a JSON array of entries ([{"id": ..., "title": ...}, ...])' };
  const rows = body.map((item: unknown, index): SourceRow => {
    const where = `entry ${index + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return { where, values: {}, problems: ['it is not an object with the fields id, title, category, url, ...'] };
    const values = item as Record<string, unknown>;
    const problems = Object.keys(values)
      .filter((key) => !(IMPORT_FIELDS as readonly string[]).includes(key))
      .map((key) => unknownName('field', key));
    return { where, values, problems };
  });
  return countRows(rows);
}

/** The list in `text`, read as CSV or JSON by the file's name. */
export function readCatalogueFile(name: string, text: string): ReadResult {
  if (/\.csv$/i.test(name)) return readCatalogueCsv(text);
  if (/\.json$/i.test(name)) return readCatalogueJson(text);
  return { ok: false, error: `${name}: the file's name must end in .csv or .json, so it is clear how to read it` };
}

// ---------------------------------------------------------------------------------------------------
// One row's checks

const CONTROL = /\p{Cc}/u;
/** A description may run over lines and hold tabs; nothing else invisible. */
const CONTROL_IN_TEXT = /[^\P{Cc}\t\n\r]/u;

const length = (value: string): number => [...value].length;

/** The slug the spec's rule gives a title: lower case, each run of whitespace one hyphen, no leading '/'. */
export function slugOfTitle(title: string): string {
  return toSlug(title).slice(1);
}

/** How a title names its page: /class/{title} matches ignoring case, with dashes read as spaces. */
export function titleKey(title: string): string {
  return dashesToSpaces(title).trim().toLowerCase();
}

function quoted(value: string): string {
  const short = length(value) > 60 ? `${[...value].slice(0, 57).join('')}...` : value;
  return `'${short}'`;
}

/** Why `value` is no web address for a game or picture, or null when it is one. */
function webAddressProblem(field: string, value: string): string | null {
  if (!/^https?:\/\//i.test(value)) return `${field} ${quoted(value)} is not a web address: it must start with http:// or https://`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${field} ${quoted(value)} is not a web address the browser can read`;
  }
  if (url.hostname === '') return `${field} ${quoted(value)} names no host`;
  if (url.username !== '' || url.password !== '') return `${field} ${quoted(value)} carries a user name or password, which every student would see`;
  if (/\s/.test(value)) return `${field} ${quoted(value)} holds spaces (write them as %20)`;
  return null;
}

type FieldValue = { text: string | null; problem: string | null };

/** A field's text, trimmed; null when absent, null or blank. */
function textOf(values: Record<string, unknown>, field: ImportField): FieldValue {
  const value = values[field];
  if (value === undefined || value === null) return { text: null, problem: null };
  if (typeof value !== 'string') return { text: null, problem: `${field} must be text, not ${Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`}` };
  const text = value.trim();
  return { text: text === '' ? null : text, problem: null };
}

/** A refused row keeps its id, title and slug where they are valid, so it can still be told of a clash. */
export type RowCheck =
  | { ok: true; entry: CatalogueFields }
  | { ok: false; id: string | null; title: string | null; slug: string | null; reasons: string[] };

/** One row on its own: every field against the apps table's rules and the portal's pages. */
export function checkRow(row: SourceRow): RowCheck {
  const reasons = [...row.problems];
  const get = (field: ImportField): string | null => {
    const { text, problem } = textOf(row.values, field);
    if (problem !== null) reasons.push(problem);
    if (text === null && problem === null && REQUIRED_FIELDS.includes(field)) reasons.push(`${field} is missing`);
    if (text !== null && field !== 'description' && CONTROL.test(text)) {
      reasons.push(`${field} holds a control character (a line break or tab, perhaps)`);
      return null;
    }
    return text;
  };
  const id = get('id');
  const title = get('title');
  const givenSlug = get('slug');
  const category = get('category');
  const description = get('description') ?? '';
  const thumbnail = get('thumbnail');
  const url = get('url');

  if (id !== null && !ID_FORMAT.test(id)) {
    reasons.push(`id ${quoted(id)} must be 1 to 64 characters of a-z, 0-9, '-' and '_', starting with a letter or digit`);
  }
  if (title !== null) {
    if (length(title) > TITLE_MAX) reasons.push(`title is ${length(title)} characters long; at most ${TITLE_MAX}`);
    if (RESERVED_TITLES.has(titleKey(title))) reasons.push(`title ${quoted(title)} is taken by a page of the portal (/class/${titleKey(title)})`);
  }
  let slug: string | null = null;
  if (givenSlug !== null) {
    // The backup list writes slugs as paths ('/flappy-hollow'); the table keeps them without the '/'.
    slug = givenSlug.startsWith('/') ? givenSlug.slice(1) : givenSlug;
    if (!SLUG_FORMAT.test(slug)) {
      reasons.push(`slug ${quoted(givenSlug)} may hold only a-z, 0-9 and single hyphens between them`);
      slug = null;
    }
  } else if (title !== null) {
    slug = slugOfTitle(title);
    if (!SLUG_FORMAT.test(slug)) {
      reasons.push(`the slug the title gives, ${quoted(slug)}, may hold only a-z, 0-9 and single hyphens between them: add a slug to this row`);
      slug = null;
    }
  }
  let known: string | null = null;
  if (category !== null) {
    known = knownCategory(category);
    if (known === null) reasons.push(`category ${quoted(category)} is not one of ${CATALOGUE_CATEGORIES.join(', ')}`);
  }
  if (length(description) > DESCRIPTION_MAX) reasons.push(`description is ${length(description)} characters long; at most ${DESCRIPTION_MAX}`);
  else if (CONTROL_IN_TEXT.test(description)) reasons.push('description holds a control character other than a line break or tab');
  if (url !== null) {
    if (length(url) > URL_MAX) reasons.push(`url is ${length(url)} characters long; at most ${URL_MAX}`);
    else if (bundledGameId(url) === null) {
      const problem = webAddressProblem('url', url);
      if (problem !== null) reasons.push(problem);
    }
  }
  if (thumbnail !== null) {
    if (length(thumbnail) > URL_MAX) reasons.push(`thumbnail is ${length(thumbnail)} characters long; at most ${URL_MAX}`);
    else if (thumbnail.startsWith('/') && !thumbnail.startsWith('//')) {
      if (/[\s\\]/.test(thumbnail)) reasons.push(`thumbnail ${quoted(thumbnail)} holds spaces or a backslash`);
    } else {
      const problem = webAddressProblem('thumbnail', thumbnail);
      if (problem !== null) reasons.push(`${problem} (or a path on this site, such as /games/snake/thumb.svg)`);
    }
  }
  if (reasons.length > 0 || id === null || title === null || slug === null || known === null || url === null) {
    return {
      ok: false,
      id: id !== null && ID_FORMAT.test(id) ? id : null,
      title: title !== null && length(title) <= TITLE_MAX ? title : null,
      slug,
      reasons,
    };
  }
  return { ok: true, entry: { id, title, slug, category: known, description, thumbnail, url } };
}

// ---------------------------------------------------------------------------------------------------
// The plan

export type PlanKind = 'added' | 'changed' | 'unchanged' | 'refused';

export interface PlanRow {
  where: string;
  /** The row's id, when it has a valid one. */
  id: string | null;
  kind: PlanKind;
  /** The entry to write (added, changed) or as it stands (unchanged). */
  entry: CatalogueFields | null;
  /** For a changed entry: the fields that differ from the backend's row. */
  changes: ImportField[];
  reasons: string[];
  /** A remark that does not refuse the row ('not checked: offline'). */
  note: string | null;
}

const COMPARED: readonly Exclude<ImportField, 'id'>[] = ['title', 'slug', 'category', 'description', 'thumbnail', 'url'];

function changedFields(entry: CatalogueFields, app: ExistingApp): ImportField[] {
  return COMPARED.filter((field) => (entry[field] ?? null) !== (app[field] ?? null));
}

function whoHas(app: ExistingApp): string {
  return `${app.retired_at === null ? 'app' : 'the retired app'} '${app.id}'`;
}

/**
 * What importing `rows` into a catalogue holding `existing` would do, row by row. Besides each row's own
 * checks: an id, title or slug may appear once in the file, a title or slug may not be another app's
 * (titles compared as their pages find them: ignoring case, dashes read as spaces), a bundled game's row
 * is code and may not change, and a retired entry comes back only through `restore`.
 */
export function planImport(rows: readonly SourceRow[], existing: readonly ExistingApp[]): PlanRow[] {
  const checks = rows.map(checkRow);
  const byId = new Map(existing.map((app) => [app.id, app]));
  const inFile = new Set(checks.map((check) => (check.ok ? check.entry.id : check.id)).filter((id) => id !== null));
  // Titles and slugs of apps the file does not touch are taken; the file's own claim theirs in order.
  const titles = new Map<string, string>();
  const slugs = new Map<string, string>();
  for (const app of existing) {
    if (inFile.has(app.id)) continue;
    titles.set(titleKey(app.title), `${whoHas(app)} ('${app.title}')`);
    slugs.set(app.slug, whoHas(app));
  }
  const ids = new Map<string, string>();

  return checks.map((check, index): PlanRow => {
    const where = rows[index]!.where;
    const claim = check.ok ? check.entry : check;
    const reasons = check.ok ? [] : [...check.reasons];
    if (claim.id !== null) {
      const first = ids.get(claim.id);
      if (first !== undefined) reasons.push(`id '${claim.id}' is already on ${first}`);
      else ids.set(claim.id, where);
    }
    if (claim.title !== null) {
      const owner = titles.get(titleKey(claim.title));
      if (owner !== undefined) reasons.push(`title '${claim.title}' is taken by ${owner}: a title names its game's page, ignoring case and dashes`);
      else titles.set(titleKey(claim.title), where);
    }
    if (claim.slug !== null) {
      const owner = slugs.get(claim.slug);
      if (owner !== undefined) reasons.push(`slug '${claim.slug}' is taken by ${owner}`);
      else slugs.set(claim.slug, where);
    }
    const refused = (): PlanRow => ({ where, id: claim.id, kind: 'refused', entry: null, changes: [], reasons, note: null });
    if (!check.ok) return refused();

    const { entry } = check;
    const app = byId.get(entry.id);
    const changes = app === undefined ? [] : changedFields(entry, app);
    if (bundledGameId(entry.url) !== null && (app?.bundled !== true || app.url !== entry.url)) {
      reasons.push(`url '${entry.url}' is a bundled game's page: only the portal's migrations list those; give an http:// or https:// address`);
    } else if (app?.bundled === true && changes.length > 0) {
      reasons.push(`'${entry.id}' is a bundled game: its row ships with the portal's migrations and is not changed by import (it differs in ${changes.join(', ')})`);
    }
    if (app !== undefined && app.retired_at !== null) {
      reasons.push(`'${entry.id}' is retired: bring it back with \`npm run catalogue -- restore ${entry.id}\` first, or leave it out of the file`);
    }
    if (reasons.length > 0) return refused();
    const kind: PlanKind = app === undefined ? 'added' : changes.length > 0 ? 'changed' : 'unchanged';
    return { where, id: entry.id, kind, entry, changes, reasons: [], note: null };
  });
}

/** Whether an entry's page needs the checks of check:catalogue: it is new, or its address or picture moved. */
export function needsPageCheck(row: PlanRow): boolean {
  return row.kind === 'added' || (row.kind === 'changed' && row.changes.some((field) => field === 'url' || field === 'thumbnail'));
}

/** The row refused for `reason` (a page check that failed), keeping what it was for the message. */
export function refuseRow(row: PlanRow, reason: string): PlanRow {
  return { ...row, kind: 'refused', reasons: [...row.reasons, reason] };
}

export interface PlanSummary {
  added: number;
  changed: number;
  unchanged: number;
  refused: number;
}

export function summarise(plan: readonly PlanRow[]): PlanSummary {
  const count = (kind: PlanKind) => plan.filter((row) => row.kind === kind).length;
  return { added: count('added'), changed: count('changed'), unchanged: count('unchanged'), refused: count('refused') };
}

/** The rows an import writes: all of them, or none when any row is refused. */
export function rowsToWrite(plan: readonly PlanRow[]): CatalogueFields[] {
  if (plan.some((row) => row.kind === 'refused')) return [];
  return plan.flatMap((row) => (row.entry !== null && (row.kind === 'added' || row.kind === 'changed') ? [row.entry] : []));
}

/** The plan as the command prints it: a count, then one line a row saying what happens to it and why. */
export function formatPlan(plan: readonly PlanRow[]): string {
  const s = summarise(plan);
  const lines = [`${s.added} to add, ${s.changed} to change, ${s.unchanged} unchanged, ${s.refused} refused.`];
  for (const row of plan) {
    const name = row.entry === null ? (row.id === null ? '' : ` ${row.id}`) : ` ${row.entry.id} (${row.entry.title})`;
    const detail =
      row.kind === 'refused' ? `: ${row.reasons.join('; ')}` : row.kind === 'changed' ? `: ${row.changes.join(', ')}` : '';
    const note = row.note === null ? '' : ` [${row.note}]`;
    lines.push(`  ${row.kind.padEnd(9)} ${row.where}${name}${detail}${note}`);
  }
  return lines.join('\n');
}

/** An entry as an export writes it, column by column in IMPORT_FIELDS order. */
export function exportRow(entry: CatalogueFields): string[] {
  return IMPORT_FIELDS.map((field) => entry[field] ?? '');
}

/** Entries as the JSON list an import reads back. */
export function exportJson(entries: readonly CatalogueFields[]): string {
  return JSON.stringify(
    entries.map((entry) => Object.fromEntries(IMPORT_FIELDS.map((field) => [field, entry[field]]))),
    null,
    2,
  ) + '\n';
}

/** Entries as the CSV an import reads back. */
export function exportCsv(entries: readonly CatalogueFields[]): string {
  return toCsv(IMPORT_FIELDS, entries.map(exportRow));
}
