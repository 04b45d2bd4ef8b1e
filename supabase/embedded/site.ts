// The built portal, served by the backend's own server (`npm start`): the app and the API on one
// origin and one port, so a Chromebook that opened the portal at any address of this machine reaches
// the API at the same address. Every answer carries the security headers (security-headers.ts); every
// path that is not a file is a client-side route and gets index.html, as the service worker does.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
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

/** Vite names what it builds into assets/ by content hash: such a file never changes. */
const IMMUTABLE = /^\/assets\//;

const BUILDING = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2"><title>Hollowed Portal</title></head>
<body><p>The portal is being built. This page reloads by itself in a moment.</p></body></html>`;

export class Site {
  private readonly root: string;

  constructor(dir: string) {
    this.root = resolve(dir);
  }

  private async file(path: string): Promise<{ file: string; size: number; mtime: Date } | null> {
    const parts = path.split('/').filter(Boolean).map(decodeSegment);
    if (parts.some((p) => p === null || p === '..' || p === '.' || p.includes('\\') || p.includes('\0'))) return null;
    const file = resolve(this.root, ...(parts as string[]));
    if (file !== this.root && !file.startsWith(this.root + sep)) return null;
    try {
      const info = await stat(file);
      return info.isFile() ? { file, size: info.size, mtime: info.mtime } : null;
    } catch {
      return null;
    }
  }

  /** Answers a GET or HEAD for the app. */
  async serve(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const security = BUNDLED_GAME_PAGE.test(path) ? { ...APP_HEADERS, 'Content-Security-Policy': GAME_PAGE_CSP } : APP_HEADERS;
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
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(found.file).on('error', () => res.destroy()).pipe(res);
  }
}

/** Where a path of the server belongs: the API's own prefixes, everything else the app. */
export const API_PATHS = /^\/(rest|auth|storage|functions|realtime)\/v1(\/|$)|^\/mailbox$/;
