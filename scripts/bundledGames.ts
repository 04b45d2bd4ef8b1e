// The bundled games, built: each game under games/<id>/ becomes one self-contained page,
// /games/<id>/index.html, with its scripts (the SDK and any library from node_modules bundled in),
// its styles and nothing else to load. The portal shows that page in a frame with an opaque origin,
// which the service worker does not serve: a game that needed one more file would break offline.
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

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

async function bundleScript(entry: string): Promise<string> {
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
  const outputs = (Array.isArray(result) ? result : [result]) as { output: { type: string; code?: string }[] }[];
  const chunks = outputs.flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`${entry} must build into one script, not ${chunks.length}`);
  return chunks[0]!.code!;
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
  const code = await bundleScript(join(folder, src!));
  html = html.replace(scriptTag, () => `<script type="module">${escapeInline(code, 'script')}</script>`);
  const head = `<meta http-equiv="Content-Security-Policy" content="${GAME_CSP}">\n  <style>${escapeInline(css.join('\n'), 'style')}</style>`;
  if (!html.includes('<meta charset="utf-8">')) throw new Error(`games/${id}/index.html must start its head with <meta charset="utf-8">`);
  html = html.replace('<meta charset="utf-8">', () => `<meta charset="utf-8">\n  ${head}`);
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
            response.setHeader('content-security-policy', GAME_SANDBOX_HEADER);
            response.end(game.html);
          },
          () => next(),
        );
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        if (/^\/games\/[^/]+\/(index\.html)?$/.test(request.url?.split('?')[0] ?? '')) {
          response.setHeader('content-security-policy', GAME_SANDBOX_HEADER);
        }
        next();
      });
    },
  };
}

/** The header that makes a game's page sandboxed even when opened on its own (no allow-same-origin). */
export const GAME_SANDBOX_HEADER = 'sandbox allow-scripts allow-pointer-lock';
