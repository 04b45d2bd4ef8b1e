// The built portal, served by the backend's own server (`npm start`): the app and the API on one
// origin and one port, so a Chromebook that opened the portal at any address of this machine reaches
// the API at the same address. Every answer carries the security headers (security-headers.ts); every
// path that is not a file is a client-side route and gets index.html, as the service worker does.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { decodeSegment, send } from './http.ts';
import { BUNDLED_GAME_PAGE } from '../../src/domain/gameSandbox.ts';
import { APP_HEADERS, GAME_PAGE_CSP } from './security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * Text worth compressing. Sent as built, the first-paint script alone is 300 KB, 1.5 s on a phone's slow
 * 4G (Lighthouse's mobile preset); compressed it is a third of that. Images and fonts are compressed already.
 */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

type Encoding = 'br' | 'gzip';

// Brotli's quality 5: the whole build (1.3 MB of scripts) in about 0.2 s here and 6% smaller than gzip;
// its highest quality saves 8% more but took 12 s, which the first visit after a start would wait for.
const compress: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) => promisify(brotliCompress)(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};

/** The encoding to send, from the request's Accept-Encoding: brotli where the browser takes it, else gzip, else none. */
export function chooseEncoding(accept: string | undefined): Encoding | null {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').split(',')) {
    const [first, ...params] = part.toLowerCase().split(';');
    const name = first?.trim();
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    offered.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (name: Encoding) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Vite names what it builds into assets/ by content hash: such a file never changes. */
const IMMUTABLE = /^\/assets\//;

const BUILDING = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2"><title>Hollowed Portal</title></head>
<body><p>The portal is being built. This page reloads by itself in a moment.</p></body></html>`;

/**
 * The one spelling of a request's path that the site decides on and reads the file by: each segment
 * percent-decoded once, empty segments (a doubled or trailing slash) dropped. Deciding on one spelling
 * and reading by another served a game's page without its sandbox to `//games/…`, `/games//…`, a
 * trailing `/`, `snake%2Findex.html` and `%69ndex.html`/`game%73`. Null for a path that names no file of
 * the build: bad percent-encoding, `.` or `..`, a backslash or a NUL, or a `/` encoded inside a segment.
 */
export function canonicalPath(path: string): string | null {
  const parts: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '') continue;
    const part = decodeSegment(segment);
    if (part === null || part === '.' || part === '..' || /[/\\\0]/.test(part)) return null;
    parts.push(part);
  }
  return `/${parts.join('/')}`;
}

export class Site {
  private readonly root: string;
  /** Compressed copies of the build's text files, made once per file, encoding and version on disk. */
  private readonly compressed = new Map<string, { mtimeMs: number; size: number; body: Promise<Buffer> }>();

  constructor(dir: string) {
    this.root = resolve(dir);
  }

  private compressedCopy(found: { file: string; size: number; mtime: Date }, encoding: Encoding): Promise<Buffer> {
    const key = `${encoding}:${found.file}`;
    const cached = this.compressed.get(key);
    if (cached && cached.mtimeMs === found.mtime.getTime() && cached.size === found.size) return cached.body;
    const body = readFile(found.file).then((data) => compress[encoding](data));
    this.compressed.set(key, { mtimeMs: found.mtime.getTime(), size: found.size, body });
    // A failed read (the file replaced mid-way) is tried again on the next request rather than kept.
    body.catch(() => this.compressed.delete(key));
    return body;
  }

  /** The file at a canonical path (see canonicalPath), if it is one inside the build. */
  private async file(path: string): Promise<{ file: string; size: number; mtime: Date } | null> {
    const file = resolve(this.root, ...path.split('/').filter(Boolean));
    if (file !== this.root && !file.startsWith(this.root + sep)) return null;
    try {
      const info = await stat(file);
      return info.isFile() ? { file, size: info.size, mtime: info.mtime } : null;
    } catch {
      return null;
    }
  }

  /** Answers a GET or HEAD for the app. */
  async serve(req: IncomingMessage, res: ServerResponse, rawPath: string): Promise<void> {
    const path = canonicalPath(rawPath);
    if (path === null) {
      send(res, 404, 'Not Found', { ...APP_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      return;
    }
    // Lower-cased because a file system that ignores case (macOS, Windows) serves /GAMES/SNAKE/INDEX.HTML
    // as the game's page too: a page sandboxed needlessly loses nothing, a game page unsandboxed would.
    const security = BUNDLED_GAME_PAGE.test(path.toLowerCase()) ? { ...APP_HEADERS, 'Content-Security-Policy': GAME_PAGE_CSP } : APP_HEADERS;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, 'Method Not Allowed', { ...security, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      return;
    }
    const index = await this.file('/index.html');
    if (!index) {
      send(res, 503, BUILDING, { ...security, 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '2', 'Cache-Control': 'no-store' });
      return;
    }
    let found = await this.file(path);
    // A path without a file extension is a page of the app (/shop, /class/snake ...).
    if (!found && extname(path) === '') found = index;
    if (!found) {
      send(res, 404, 'Not Found', { ...security, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      return;
    }
    const headers: Record<string, string> = {
      ...security,
      'Content-Type': TYPES[extname(found.file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': String(found.size),
      'Last-Modified': found.mtime.toUTCString(),
      // Everything but hashed assets is checked with the server on each use, so a new build shows at
      // once (the service worker has its own copy for offline use).
      'Cache-Control': IMMUTABLE.test(path) && found !== index ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (req.headers['if-modified-since'] === headers['Last-Modified']) {
      res.writeHead(304, { ...security, 'Cache-Control': headers['Cache-Control'] as string, 'Last-Modified': headers['Last-Modified'] as string });
      res.end();
      return;
    }
    const encoding = COMPRESSIBLE.has(extname(found.file).toLowerCase()) ? chooseEncoding(req.headers['accept-encoding']) : null;
    if (encoding !== null) {
      let body: Buffer;
      try {
        body = await this.compressedCopy(found, encoding);
      } catch {
        send(res, 404, 'Not Found', { ...security, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
        return;
      }
      res.writeHead(200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': String(body.length), Vary: 'Accept-Encoding' });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, COMPRESSIBLE.has(extname(found.file).toLowerCase()) ? { ...headers, Vary: 'Accept-Encoding' } : headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(found.file).on('error', () => res.destroy()).pipe(res);
  }
}

/** Where a path of the server belongs: the API's own prefixes, everything else the app. */
export const API_PATHS = /^\/(rest|auth|storage|functions|realtime)\/v1(\/|$)|^\/mailbox$/;
