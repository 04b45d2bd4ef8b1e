// The bundled games, built: each game under games/<id>/ becomes one self-contained page,
// /games/<id>/index.html, with its scripts (the SDK and any library from node_modules bundled in),
// its styles and nothing else to load. The portal shows that page in a frame with an opaque origin,
// which the service worker does not serve: a game that needed one more file would break offline.
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { GAME_PAGE_CSP } from '../supabase/embedded/security-headers.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const GAMES_DIR = join(ROOT, 'games');
/** Shared code and styles of every game; not a game itself. */
const SHARED = 'shared';
const GAME_ID = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Written into every game's page: it may run its own inline code and draw, and reach nothing on any
 * network, so a bug or a compromised library in a game cannot send anything anywhere.
 */
export const GAME_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; media-src data: blob:; font-src data:; form-action 'none'; base-uri 'none'";

export interface BuiltGame {
  id: string;
  html: string;
  thumb: Buffer;
}

/** The ids of the games under games/: each folder with an index.html. */
export async function listGames(dir: string = GAMES_DIR): Promise<string[]> {
  const ids: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === SHARED || !GAME_ID.test(entry.name)) continue;
    const page = await stat(join(dir, entry.name, 'index.html')).catch(() => null);
    if (page?.isFile()) ids.push(entry.name);
  }
  return ids.sort();
}

/** Inside an inline <script> or <style>, the text must never close the element early. */
function escapeInline(code: string, tag: 'script' | 'style'): string {
  return code.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1').replace(/<!--/g, '<\\!--');
}

interface Bundle {
  code: string;
  /** Folders of the npm packages whose code is in the bundle. */
  packages: string[];
}

/** The package folder a bundled module comes from, or null for the game's own code. */
function packageFolder(moduleId: string): string | null {
  const match = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(moduleId);
  return match?.[1] ?? null;
}

/**
 * The licence notices of the libraries bundled into a page, as an HTML comment: BSD and MIT ask that
 * copies carry their copyright notice and licence, and a minified page is such a copy.
 */
async function licenceNotice(packages: readonly string[]): Promise<string> {
  if (packages.length === 0) return '';
  const parts: string[] = [];
  for (const folder of packages) {
    const manifest = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
    const names = (await readdir(folder)).filter((name) => /^(licen[cs]e|copying)(\.[a-z]+)?$/i.test(name));
    if (names.length === 0) throw new Error(`${manifest.name} is bundled into a game but ships no licence file`);
    const text = await readFile(join(folder, names[0]!), 'utf8');
    parts.push(`${manifest.name} ${manifest.version} (${manifest.license ?? 'see below'})\n\n${text.trim()}`);
  }
  return `<!--\nThis page includes the following libraries.\n\n${parts.join('\n\n---\n\n').replace(/--/g, '- -')}\n-->\n`;
}

async function bundleScript(entry: string): Promise<Bundle> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: ROOT,
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      modulePreload: false,
      reportCompressedSize: false,
      rollupOptions: { input: entry, output: { format: 'es' } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output: { type: string; code?: string; moduleIds?: string[] }[] }[];
  const chunks = outputs.flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`${entry} must build into one script, not ${chunks.length}`);
  const packages = new Set<string>();
  for (const id of chunks[0]!.moduleIds ?? []) {
    const folder = packageFolder(id.replace(/^\0/, ''));
    if (folder !== null) packages.add(folder);
  }
  return { code: chunks[0]!.code!, packages: [...packages].sort() };
}

/** Builds games/<id>/ into its one page. */
export async function buildGame(id: string, dir: string = GAMES_DIR): Promise<BuiltGame> {
  const folder = join(dir, id);
  let html = await readFile(join(folder, 'index.html'), 'utf8');
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">\n?/g)];
  const css: string[] = [];
  for (const [tag, href] of styles) {
    css.push(await readFile(join(folder, href!), 'utf8'));
    html = html.replace(tag, '');
  }
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)];
  if (scripts.length !== 1) throw new Error(`games/${id}/index.html must load exactly one module script`);
  const [scriptTag, src] = scripts[0]!;
  const { code, packages } = await bundleScript(join(folder, src!));
  html = html.replace(scriptTag, () => `<script type="module">${escapeInline(code, 'script')}</script>`);
  const head = `<meta http-equiv="Content-Security-Policy" content="${GAME_CSP}">\n  <style>${escapeInline(css.join('\n'), 'style')}</style>`;
  if (!html.includes('<meta charset="utf-8">')) throw new Error(`games/${id}/index.html must start its head with <meta charset="utf-8">`);
  html = html.replace('<meta charset="utf-8">', () => `<meta charset="utf-8">\n  ${head}`);
  const notice = await licenceNotice(packages);
  html = html.replace(/^(<!doctype html>\n)/i, (doctype) => doctype + notice);
  return { id, html, thumb: await readFile(join(folder, 'thumb.svg')) };
}

/**
 * Builds every game into /games/<id>/index.html and thumb.svg of the output (where the service worker's
 * precache picks them up), and serves the same pages under `vite dev` and `vite preview`, each with a
 * sandbox header so that a game opened on its own, outside the portal's frame, has an opaque origin too.
 */
export function bundledGames(): Plugin {
  return {
    name: 'portal-bundled-games',
    async generateBundle() {
      const ids = await listGames();
      for (const game of await Promise.all(ids.map((id) => buildGame(id)))) {
        this.emitFile({ type: 'asset', fileName: `games/${game.id}/index.html`, source: game.html });
        this.emitFile({ type: 'asset', fileName: `games/${game.id}/thumb.svg`, source: game.thumb });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = /^\/games\/([a-z0-9][a-z0-9-]*)\/(index\.html|thumb\.svg)?$/.exec(request.url?.split('?')[0] ?? '');
        if (!match) return next();
        buildGame(match[1]!).then(
          (game) => {
            if (match[2] === 'thumb.svg') {
              response.setHeader('content-type', 'image/svg+xml');
              response.end(game.thumb);
              return;
            }
            response.setHeader('content-type', 'text/html; charset=utf-8');
            response.setHeader('content-security-policy', GAME_PAGE_CSP);
            response.end(game.html);
          },
          () => next(),
        );
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        if (/^\/games\/[^/]+\/(index\.html)?$/.test(request.url?.split('?')[0] ?? '')) {
          response.setHeader('content-security-policy', GAME_PAGE_CSP);
        }
        next();
      });
    },
  };
}
