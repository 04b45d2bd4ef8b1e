// `npm run check:catalogue`: reports catalogue entries that are dead or refuse to be framed.
//
//   tsx scripts/check-catalogue.ts [--url <backend url> --key <anon key>] [--backup <file>] [--offline] [--timeout <ms>] [--json]
//
// With --url and --key the catalogue is read from that backend (rpc get_apps_ordered_by_title); without
// them, from the bundled backup list. A bundled game is built from games/<id>/ and must be one
// self-contained page the service worker precaches, since it plays in a frame with an opaque origin
// that nothing else can be loaded into offline. Other apps get an HTTP GET: their status and their
// X-Frame-Options / Content-Security-Policy frame-ancestors. URLs on names reserved for examples
// (example.org, *.invalid ...) are dead without asking. With --offline (as `npm test` runs it) no request
// leaves the machine: other apps are listed as unchecked. The exit code is 1 when any entry has a problem.
import { access, readFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundledGameId } from '../src/domain/gameSdk.ts';
import { externalReferences } from '../src/domain/offlinePack.ts';
import { analyseFrameHeaders, type FrameVerdict } from '../src/features/player/framing.ts';
import { buildGame, GAME_CSP, GAMES_DIR } from './bundledGames.ts';
import { isPrecached } from './precache.ts';

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
  thumbnail?: string | null;
}

export type Problem = 'dead' | 'refuses-frame' | 'unreachable';
/** Host names that never serve a real game (RFC 2606 and 6761). */
const RESERVED_HOST = /(^|\.)(example\.(com|net|org)|example|invalid|test|localhost)$/i;

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
  gamesDir?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** No network: other apps are not fetched and are reported as unchecked. */
  offline?: boolean;
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

type Base = Pick<EntryReport, 'id' | 'title' | 'url'>;

function baseOf(entry: CatalogueEntry): Base {
  return { id: entry.id, title: entry.title, url: entry.url };
}

function dead(base: Base, detail: string): EntryReport {
  return { ...base, status: null, frame: null, detail, problem: 'dead' };
}

/** A local file of public/ that a URL names, or null when it points outside public/. */
function publicFile(url: string, publicDir: string): string | null {
  const path = new URL(url, 'http://portal.invalid/').pathname;
  const file = normalize(join(publicDir, decodeURIComponent(path.endsWith('/') ? `${path}index.html` : path)));
  return file.startsWith(normalize(publicDir) + sep) ? file : null;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/**
 * A bundled game: games/<id>/ builds into one page that needs no other file (the frame's opaque origin
 * gets no help from the service worker offline), that reaches no network, and that the precache keeps.
 */
async function checkBundled(entry: CatalogueEntry, gameId: string, gamesDir: string): Promise<EntryReport> {
  const base = baseOf(entry);
  if (!(await exists(join(gamesDir, gameId, 'index.html')))) return dead(base, `bundled game missing: games/${gameId}/index.html`);
  let html: string;
  try {
    html = (await buildGame(gameId, gamesDir)).html;
  } catch (error) {
    return dead(base, `games/${gameId} does not build: ${error instanceof Error ? error.message : String(error)}`);
  }
  const loads = externalReferences(html);
  if (loads.length > 0) {
    return { ...base, status: null, frame: 'denied', detail: `its page loads other files, which an opaque-origin frame cannot get offline: ${loads.join(', ')}`, problem: 'refuses-frame' };
  }
  if (!html.includes(GAME_CSP)) return { ...base, status: null, frame: 'denied', detail: 'its page lacks the network-blocking policy', problem: 'refuses-frame' };
  const bytes = Buffer.byteLength(html);
  if (!isPrecached(`games/${gameId}/index.html`, bytes)) return dead(base, `its page (${bytes} bytes) would not be precached, so it would not play offline`);
  return { ...base, status: null, frame: 'allowed', detail: `bundled, one self-contained page of ${bytes} bytes`, problem: null };
}

/** Another file served from public/: it must be there. */
async function checkLocal(entry: CatalogueEntry, publicDir: string): Promise<EntryReport> {
  const base = baseOf(entry);
  const file = publicFile(entry.url, publicDir);
  if (file === null) return dead(base, 'the URL points outside public/');
  if (!(await exists(file))) return dead(base, `file missing: ${file.slice(normalize(publicDir).length + 1)}`);
  return { ...base, status: null, frame: 'allowed', detail: 'file present', problem: null };
}

/** A thumbnail on this site must exist: a bundled game's is built from its folder, others come from public/. */
async function missingThumbnail(entry: CatalogueEntry, publicDir: string, gamesDir: string): Promise<string | null> {
  const thumb = entry.thumbnail;
  if (typeof thumb !== 'string' || !isLocal({ ...entry, url: thumb })) return null;
  const game = /^\/games\/([a-z0-9][a-z0-9-]*)\/thumb\.svg$/.exec(thumb);
  const file = game ? join(gamesDir, game[1]!, 'thumb.svg') : publicFile(thumb, publicDir);
  return file !== null && (await exists(file)) ? null : `thumbnail missing: ${thumb}`;
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

function reservedHost(url: string): string | null {
  try {
    const host = new URL(url).hostname;
    return RESERVED_HOST.test(host) ? host : null;
  } catch {
    return null;
  }
}

async function checkEntry(entry: CatalogueEntry, options: Required<Omit<CheckOptions, 'fetch'>> & { fetch: typeof fetch }): Promise<EntryReport> {
  const base = baseOf(entry);
  const gameId = isLocal(entry) ? bundledGameId(entry.url) : null;
  let report: EntryReport;
  if (entry.bundled === true && gameId === null) report = dead(base, 'a bundled entry must point at /games/<id>/index.html');
  else if (gameId !== null) report = await checkBundled(entry, gameId, options.gamesDir);
  else if (isLocal(entry)) report = await checkLocal(entry, options.publicDir);
  else if (!/^https?:\/\//i.test(entry.url)) report = dead(base, 'not a web address');
  else if (reservedHost(entry.url) !== null) report = dead(base, `${reservedHost(entry.url)} is reserved for examples: no game lives there`);
  else if (options.offline) report = { ...base, status: null, frame: null, detail: 'not checked: offline', problem: null };
  else report = await checkRemote(entry, options.timeoutMs, options.fetch);
  if (report.problem !== null) return report;
  const thumb = await missingThumbnail(entry, options.publicDir, options.gamesDir);
  return thumb === null ? report : dead(base, thumb);
}

export async function checkCatalogue(entries: readonly CatalogueEntry[], options: CheckOptions = {}): Promise<EntryReport[]> {
  const settings = {
    publicDir: options.publicDir ?? PUBLIC_DIR,
    gamesDir: options.gamesDir ?? GAMES_DIR,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch ?? fetch,
    offline: options.offline ?? false,
  };
  const reports = new Array<EntryReport>(entries.length);
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const i = next++;
      const entry = entries[i]!;
      reports[i] = await checkEntry(entry, settings);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, entries.length) }, worker));
  return reports;
}

export function formatReport(reports: readonly EntryReport[]): string {
  const problems = reports.filter((r) => r.problem !== null);
  const lines = [`Checked ${reports.length} catalogue entries: ${problems.length} with a problem.`];
  const unchecked = reports.filter((r) => r.problem === null && r.detail === 'not checked: offline');
  if (unchecked.length > 0) lines.push(`  Not checked offline (${unchecked.length}): ${unchecked.map((r) => r.id).join(', ')}`);
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
  const offline = args.includes('--offline');
  if (offline && url !== undefined) {
    console.error('--offline checks the bundled backup list; it cannot read a backend.');
    return 2;
  }
  const entries = url !== undefined && key !== undefined ? await readServerCatalogue(url, key) : await readBackupList(argValue(args, '--backup'));
  const reports = await checkCatalogue(entries, { offline, timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS });
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
