// `npm run catalogue -- <command>`: the catalogue as data an operator manages, with no SQL (issue 18).
//
//   import <file.csv|file.json> [--dry-run] [--offline] [--timeout <ms>]
//   export [--format csv|json]
//   retire <id>
//   restore <id>
//   achievements <file.json>
//
// Each talks to a backend: --url <its address> and --key <its service-role key>. Without --key, the key
// is read from the embedded backend's data folder (<data dir>/secrets.json; --data-dir, default .data),
// where `npm start` keeps it. The rules of a row are in catalogueImport.ts beside it; an import checks
// every row, checks the pages of new and moved entries as `npm run check:catalogue` does, prints its
// plan and writes all of it in one request, or nothing when any row is refused (exit code 1).
// Retiring hides an entry from the list and keeps its scores and plays; restoring brings it back.
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  exportCsv,
  exportJson,
  formatPlan,
  needsPageCheck,
  planImport,
  readCatalogueFile,
  refuseRow,
  rowsToWrite,
  summarise,
  type CatalogueFields,
  type ExistingApp,
  type PlanRow,
} from './catalogueImport.ts';
import { importAchievements } from './catalogueAchievements.ts';
import { checkCatalogue, type CheckOptions, type EntryReport } from './check-catalogue.ts';
import { BackendError, consoleIo, DEFAULT_DATA_DIR, keyFromDataDir, request, UsageError, type BackendTarget, type Io } from './operatorBackend.ts';

export { DEFAULT_DATA_DIR, type BackendTarget, type Io };

/** Rows one read returns at most (PostgREST's max_rows in supabase/config.toml). */
const PAGE = 1000;
const COLUMNS = 'id,title,slug,category,description,thumbnail,url,bundled,retired_at';

/** Every row of apps, retired ones too, page by page. */
export async function readEntries(target: BackendTarget): Promise<ExistingApp[]> {
  const rows: ExistingApp[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = (await request(target, `/rest/v1/apps?select=${COLUMNS}&order=id&limit=${PAGE}&offset=${offset}`)) as ExistingApp[];
    rows.push(...page);
    if (page.length < PAGE) return rows;
  }
}

async function readEntry(target: BackendTarget, id: string): Promise<ExistingApp | undefined> {
  const rows = (await request(target, `/rest/v1/apps?select=${COLUMNS}&id=eq.${encodeURIComponent(id)}`)) as ExistingApp[];
  return rows[0];
}

export interface Outcome {
  /** 0: done (or nothing to do); 1: refused, nothing changed. */
  code: 0 | 1;
  text: string;
}

const PROBLEM_WORDS: Record<NonNullable<EntryReport['problem']>, string> = {
  dead: 'its page is dead',
  'refuses-frame': 'its page refuses to be framed by the portal',
  unreachable: 'its page did not answer',
};

function pageCheckReason(report: EntryReport): string {
  return report.detail.startsWith('thumbnail') ? report.detail : `${PROBLEM_WORDS[report.problem!]}: ${report.detail}`;
}

export interface ImportOptions {
  dryRun?: boolean;
  /** The checks of check:catalogue: offline (no request leaves the machine), timeout, a fetch of a test's own. */
  check?: CheckOptions;
}

export interface ImportOutcome extends Outcome {
  plan: PlanRow[];
  applied: boolean;
}

/** Plans the import of one file's text into the backend's catalogue and, unless told not to or any row is refused, applies it. */
export async function importEntries(target: BackendTarget, fileName: string, text: string, options: ImportOptions = {}): Promise<ImportOutcome> {
  const read = readCatalogueFile(fileName, text);
  if (!read.ok) return { code: 1, text: `Nothing was imported from ${fileName}: ${read.error}.`, plan: [], applied: false };
  const planned = planImport(read.rows, await readEntries(target));

  const toCheck = planned.flatMap((row, index) => (needsPageCheck(row) && row.entry !== null ? [{ index, entry: row.entry }] : []));
  const reports = await checkCatalogue(
    toCheck.map(({ entry }) => ({ id: entry.id, title: entry.title, url: entry.url, thumbnail: entry.thumbnail, bundled: false })),
    options.check,
  );
  const plan = [...planned];
  toCheck.forEach(({ index }, i) => {
    const report = reports[i]!;
    if (report.problem !== null) plan[index] = refuseRow(plan[index]!, pageCheckReason(report));
    else if (report.detail === 'not checked: offline') plan[index] = { ...plan[index]!, note: 'page not checked: offline' };
  });

  const lines = [`Import of ${basename(fileName)} into ${target.url}${options.dryRun ? ' (dry run)' : ''}:`, formatPlan(plan)];
  const { added, changed, refused } = summarise(plan);
  if (refused > 0) {
    lines.push(`Nothing was applied: ${refused} row${refused === 1 ? ' is' : 's are'} refused. Fix ${refused === 1 ? 'it' : 'them'} and import the whole file again.`);
    return { code: 1, text: lines.join('\n'), plan, applied: false };
  }
  const writes = rowsToWrite(plan);
  if (options.dryRun) {
    lines.push('Dry run: nothing was applied.');
    return { code: 0, text: lines.join('\n'), plan, applied: false };
  }
  if (writes.length === 0) {
    lines.push('Nothing to apply: the catalogue already holds every row as the file has it.');
    return { code: 0, text: lines.join('\n'), plan, applied: false };
  }
  try {
    // One statement: the database applies every row or, if one fails its checks, none.
    await request(target, '/rest/v1/apps?on_conflict=id', {
      method: 'POST',
      headers: { prefer: 'resolution=merge-duplicates,return=minimal' },
      body: JSON.stringify(writes),
    });
  } catch (error) {
    if (!(error instanceof BackendError) || error.status === null) throw error;
    lines.push(`Nothing was applied: ${error.message}.`);
    return { code: 1, text: lines.join('\n'), plan, applied: false };
  }
  lines.push(`Applied: ${added} added, ${changed} changed. Students see it at their next refresh of the list (within a day).`);
  return { code: 0, text: lines.join('\n'), plan, applied: true };
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
const when = (iso: string) => `${dateFormat.format(new Date(iso))} UTC`;

/** The file an import reads, or null (said on stderr) when it cannot be read: nothing is imported then. */
async function readImportFile(path: string, io: Io): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    io.err(`Nothing was imported: ${path} cannot be read (${(error as Error).message}).`);
    return null;
  }
}

function unknown(id: string): Outcome {
  return { code: 1, text: `There is no catalogue entry '${id}' (\`npm run catalogue -- export\` lists the ids).` };
}

/** Takes an entry out of the list, keeping its row, scores and plays. */
export async function retireEntry(target: BackendTarget, id: string): Promise<Outcome> {
  const app = await readEntry(target, id);
  if (app === undefined) return unknown(id);
  if (app.bundled) {
    return { code: 1, text: `'${id}' (${app.title}) is a bundled game: its row ships with the portal and plays offline from every device, so it is not retired.` };
  }
  if (app.retired_at !== null) return { code: 0, text: `'${id}' (${app.title}) was already retired on ${when(app.retired_at)}.` };
  const [row] = (await request(target, `/rest/v1/apps?id=eq.${encodeURIComponent(id)}&retired_at=is.null`, {
    method: 'PATCH',
    headers: { prefer: 'return=representation' },
    body: JSON.stringify({ retired_at: new Date().toISOString() }),
  })) as ExistingApp[];
  if (row === undefined) return { code: 0, text: `'${id}' (${app.title}) was retired meanwhile by someone else.` };
  return {
    code: 0,
    text: `Retired '${id}' (${app.title}): it leaves every student's list at their next refresh (within a day), and its page says it was retired. Its scores and plays are kept; \`npm run catalogue -- restore ${id}\` brings it back.`,
  };
}

/** Brings a retired entry back into the list, as it was. */
export async function restoreEntry(target: BackendTarget, id: string): Promise<Outcome> {
  const app = await readEntry(target, id);
  if (app === undefined) return unknown(id);
  if (app.retired_at === null) return { code: 0, text: `'${id}' (${app.title}) is not retired: it is in the list.` };
  await request(target, `/rest/v1/apps?id=eq.${encodeURIComponent(id)}`, {
    method: 'PATCH',
    headers: { prefer: 'return=minimal' },
    body: JSON.stringify({ retired_at: null }),
  });
  return { code: 0, text: `Restored '${id}' (${app.title}): it is back in every student's list at their next refresh (within a day).` };
}

export type ExportFormat = 'csv' | 'json';

/** The catalogue as an import reads it (retired entries left out, and named in `note`). */
export async function exportEntries(target: BackendTarget, format: ExportFormat): Promise<{ text: string; note: string | null }> {
  const rows = await readEntries(target);
  const listed: CatalogueFields[] = rows
    .filter((row) => row.retired_at === null)
    .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0))
    .map(({ id, title, slug, category, description, thumbnail, url }) => ({ id, title, slug, category, description, thumbnail, url }));
  const retired = rows.filter((row) => row.retired_at !== null).map((row) => row.id);
  return {
    text: format === 'csv' ? exportCsv(listed) : exportJson(listed),
    note: retired.length === 0 ? null : `Left out ${retired.length} retired entr${retired.length === 1 ? 'y' : 'ies'}: ${retired.join(', ')} (\`npm run catalogue -- restore <id>\` brings one back).`,
  };
}

const USAGE = `Usage: npm run catalogue -- <command> --url <backend address> [--key <service-role key> | --data-dir <folder>]

  import <file.csv|file.json> [--dry-run] [--offline] [--timeout <ms>]
                   check every row, print the plan, and apply it unless --dry-run or a row is refused
  export [--format csv|json]
                   print the catalogue (csv by default) to edit and import again
  retire <id>      take an entry out of the list; its scores and plays are kept
  restore <id>     bring a retired entry back
  achievements <file.json>
                   check and write the achievements and stats of games in the catalogue
                   ({ "<app id>": { "stats": [...], "achievements": [...] } }, docs/game-sdk.md)

  --url       the backend's address (npm start prints it; http://127.0.0.1:4173 by default)
  --key       its service-role key; without it, the one in <data dir>/secrets.json of the embedded backend
  --data-dir  the embedded backend's data folder (default .data)
  --offline   do not fetch the pages of new entries (they are listed as not checked)`;

export async function main(args: string[], io: Io = consoleIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        key: { type: 'string' },
        'data-dir': { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        offline: { type: 'boolean', default: false },
        timeout: { type: 'string' },
        format: { type: 'string', default: 'csv' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, subject, ...extra] = positionals;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  try {
    if (command === undefined || !['import', 'export', 'retire', 'restore', 'achievements'].includes(command)) {
      throw new UsageError(command === undefined ? 'name a command' : `unknown command '${command}'`);
    }
    const wantsSubject = command !== 'export';
    if (wantsSubject && subject === undefined) throw new UsageError(`${command} needs ${command === 'import' || command === 'achievements' ? 'a file' : 'an id'}`);
    if ((wantsSubject ? extra.length : positionals.length - 1) > 0) throw new UsageError(`unexpected ${wantsSubject ? extra.join(' ') : subject}`);
    if (values.url === undefined) throw new UsageError('give the backend\'s address with --url (npm start prints it)');
    try {
      new URL(values.url);
    } catch {
      throw new UsageError(`--url ${values.url} is not an address (for example http://127.0.0.1:4173)`);
    }
    const key = values.key ?? (await keyFromDataDir(values['data-dir'] === undefined ? DEFAULT_DATA_DIR : resolve(values['data-dir'])));
    const target = { url: values.url, key };

    if (command === 'export') {
      if (values.format !== 'csv' && values.format !== 'json') throw new UsageError(`--format is csv or json, not ${values.format}`);
      const { text, note } = await exportEntries(target, values.format);
      io.out(text);
      if (note !== null) io.err(note);
      return 0;
    }
    if (command === 'import') {
      const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
      if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0)) throw new UsageError(`--timeout is milliseconds, not ${values.timeout}`);
      const text = await readImportFile(subject!, io);
      if (text === null) return 1;
      const outcome = await importEntries(target, subject!, text, {
        dryRun: values['dry-run'],
        check: { offline: values.offline, ...(timeout === undefined ? {} : { timeoutMs: timeout }) },
      });
      io.out(outcome.text);
      return outcome.code;
    }
    if (command === 'achievements') {
      const text = await readImportFile(subject!, io);
      if (text === null) return 1;
      const outcome = await importAchievements(target, basename(subject!), text);
      (outcome.code === 0 ? io.out : io.err)(outcome.text);
      return outcome.code;
    }
    const outcome = command === 'retire' ? await retireEntry(target, subject!) : await restoreEntry(target, subject!);
    (outcome.code === 0 ? io.out : io.err)(outcome.text);
    return outcome.code;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof BackendError) {
      io.err(`Nothing was changed: ${error.message}.`);
      return error.status === null ? 2 : 1;
    }
    throw error;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
