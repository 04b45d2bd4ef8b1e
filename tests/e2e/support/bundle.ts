// Reads a production build the way the browser meets it: the entry script of index.html and
// every module it imports statically are what must arrive before the first paint; dynamic
// imports (pages, the data runtime) come later.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

const staticImport = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g;

function staticImportsOf(source: string): string[] {
  return [...source.matchAll(staticImport)].map((match) => match[1] as string);
}

/** The module scripts of index.html, in the order the page runs them. */
export function entryScripts(distDir: string): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => (m[1] as string).replace(/^\//, ''));
}

export function firstPaintScripts(distDir: string): ChunkSize[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1] as string);
  return scriptClosure(distDir, [...entryScripts(distDir), ...preloads]);
}

/** The given scripts and every module they import statically, however deep. */
export function scriptClosure(distDir: string, roots: string[]): ChunkSize[] {
  const seen = new Set<string>();
  const queue = roots.map((url) => url.replace(/^\//, ''));
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(join(distDir, file), 'utf8');
    for (const spec of staticImportsOf(source)) {
      queue.push(posix.normalize(posix.join(posix.dirname(file), spec)));
    }
  }
  return [...seen].map((file) => {
    const bytes = readFileSync(join(distDir, file));
    return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  });
}

export interface PrecacheEntry {
  url: string;
  bytes: number;
}

/** The URLs the service worker's injected manifest precaches, with their sizes on disk. */
export function precacheEntries(distDir: string): PrecacheEntry[] {
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1] as string);
  return urls.map((url) => {
    const path = join(distDir, url);
    return { url, bytes: existsSync(path) ? statSync(path).size : -1 };
  });
}
