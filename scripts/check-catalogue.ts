// `npm run check:catalogue`: reports catalogue entries that are dead or refuse to be framed.
//
//   tsx scripts/check-catalogue.ts [--url <backend url> --key <anon key>] [--backup <file>] [--timeout <ms>] [--json]
//
// With --url and --key the catalogue is read from that backend (rpc get_apps_ordered_by_title); without
// them, from the bundled backup list. Bundled games are checked against the files in public/, other
// apps with an HTTP GET: their status and their X-Frame-Options / Content-Security-Policy frame-ancestors.
// The exit code is 1 when any entry has a problem.
import { access, readFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { analyseFrameHeaders, type FrameVerdict } from '../src/features/player/framing.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PUBLIC_DIR = join(ROOT, 'public');
export const BACKUP_LIST = join(PUBLIC_DIR, 'backup-apps.json');
const DEFAULT_TIMEOUT_MS = 10_000;
const CONCURRENCY = 6;

export interface CatalogueEntry {
  id: string;
  title: string;
  url: string;
  bundled?: boolean;
}

export type Problem = 'dead' | 'refuses-frame' | 'unreachable';

export interface EntryReport {
  id: string;
  title: string;
  url: string;
  /** HTTP status; null for local files and requests that got no answer. */
  status: number | null;
  frame: FrameVerdict | null;
  detail: string;
  problem: Problem | null;
}

export interface CheckOptions {
  publicDir?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

function isEntry(value: unknown): value is CatalogueEntry {
  const v = value as Partial<CatalogueEntry> | null;
  return typeof v?.id === 'string' && typeof v.title === 'string' && typeof v.url === 'string';
}

export function parseCatalogue(body: unknown): CatalogueEntry[] {
  if (!Array.isArray(body)) throw new Error('the catalogue is not a list');
  return body.filter(isEntry);
}

export async function readBackupList(file: string = BACKUP_LIST): Promise<CatalogueEntry[]> {
  return parseCatalogue(JSON.parse(await readFile(file, 'utf8')));
}

export async function readServerCatalogue(url: string, key: string, fetcher: typeof fetch = fetch): Promise<CatalogueEntry[]> {
  const response = await fetcher(new URL('/rest/v1/rpc/get_apps_ordered_by_title', url), {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`get_apps_ordered_by_title answered ${response.status}: ${await response.text()}`);
  return parseCatalogue(await response.json());
}

/** A bundled game is served from public/: the file its URL names must be there. */
async function checkLocal(entry: CatalogueEntry, publicDir: string): Promise<EntryReport> {
  const base = { id: entry.id, title: entry.title, url: entry.url, status: null, frame: null };
  const path = new URL(entry.url, 'http://portal.invalid/').pathname;
  const file = normalize(join(publicDir, decodeURIComponent(path.endsWith('/') ? `${path}index.html` : path)));
  if (!file.startsWith(normalize(publicDir) + sep)) {
    return { ...base, detail: 'the URL points outside public/', problem: 'dead' };
  }
  try {
    await access(file);
    return { ...base, frame: 'allowed', detail: 'bundled file present', problem: null };
  } catch {
    return { ...base, detail: `bundled file missing: ${file.slice(normalize(publicDir).length + 1)}`, problem: 'dead' };
  }
}

async function checkRemote(entry: CatalogueEntry, timeoutMs: number, fetcher: typeof fetch): Promise<EntryReport> {
  const base = { id: entry.id, title: entry.title, url: entry.url };
  let response: Response;
  try {
    response = await fetcher(entry.url, { redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    return { ...base, status: null, frame: null, detail: `no answer: ${reason}`, problem: 'unreachable' };
  }
  // The body is not needed; cancelling it frees the connection at once.
  await response.body?.cancel().catch(() => undefined);
  const { verdict, reason } = analyseFrameHeaders(response.headers);
  if (!response.ok) {
    return { ...base, status: response.status, frame: verdict, detail: `HTTP ${response.status}`, problem: 'dead' };
  }
  return {
    ...base,
    status: response.status,
    frame: verdict,
    detail: reason,
    // The portal frames external apps from its own origin, so SAMEORIGIN is as good as DENY here.
    problem: verdict === 'allowed' ? null : 'refuses-frame',
  };
}

function isLocal(entry: CatalogueEntry): boolean {
  return entry.url.startsWith('/') && !entry.url.startsWith('//');
}

export async function checkCatalogue(entries: readonly CatalogueEntry[], options: CheckOptions = {}): Promise<EntryReport[]> {
  const publicDir = options.publicDir ?? PUBLIC_DIR;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetcher = options.fetch ?? fetch;
  const reports: EntryReport[] = new Array(entries.length);
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const i = next++;
      const entry = entries[i]!;
      reports[i] = isLocal(entry) ? await checkLocal(entry, publicDir) : await checkRemote(entry, timeoutMs, fetcher);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, entries.length) }, worker));
  return reports;
}

export function formatReport(reports: readonly EntryReport[]): string {
  const problems = reports.filter((r) => r.problem !== null);
  const lines = [`Checked ${reports.length} catalogue entries: ${problems.length} with a problem.`];
  for (const r of problems) {
    const status = r.status === null ? '' : ` [${r.status}]`;
    lines.push(`  ${r.problem!.padEnd(13)} ${r.id} (${r.title})${status} ${r.url}: ${r.detail}`);
  }
  return lines.join('\n');
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
}

export async function main(args: string[]): Promise<number> {
  const url = argValue(args, '--url');
  const key = argValue(args, '--key');
  if ((url === undefined) !== (key === undefined)) {
    console.error('Give both --url and --key to read the catalogue from a backend, or neither for the backup list.');
    return 2;
  }
  const timeout = Number(argValue(args, '--timeout') ?? DEFAULT_TIMEOUT_MS);
  const entries = url !== undefined && key !== undefined ? await readServerCatalogue(url, key) : await readBackupList(argValue(args, '--backup'));
  const reports = await checkCatalogue(entries, { timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS });
  console.log(args.includes('--json') ? JSON.stringify(reports, null, 2) : formatReport(reports));
  return reports.some((r) => r.problem !== null) ? 1 : 0;
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
