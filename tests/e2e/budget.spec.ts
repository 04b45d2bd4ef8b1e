// Size budgets of the build the suite serves: sizes, not times, so they hold on any machine.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { BUNDLED } from './support/bundledGames.ts';
import { entryScripts, firstPaintScripts, precacheEntries, scriptClosure } from './support/bundle.ts';

const distDir = join(process.env.E2E_DATA_DIR as string, 'dist');
const KB = 1024;

test('the JavaScript needed before first paint stays within 150 KB gzip', () => {
  const chunks = firstPaintScripts(distDir);
  const total = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  console.log(`first-paint JavaScript: ${(total / KB).toFixed(1)} KB gzip in ${chunks.length} file(s)`);
  expect(chunks.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(150 * KB);
});

test('the early script runs first, and with all it imports is small and holds no React and no database', () => {
  const [first, ...others] = entryScripts(distDir);
  expect(first).toMatch(/^assets\/early-[\w-]+\.js$/);
  expect(others).toHaveLength(1);
  const chunks = scriptClosure(distDir, [first!]);
  const total = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  console.log(`early script: ${(total / KB).toFixed(1)} KB gzip in ${chunks.length} file(s)`);
  // It exists to arrive long before the main script (some 100 KB): a few KB at most.
  expect(total).toBeLessThanOrEqual(6 * KB);
  const source = chunks.map((chunk) => readFileSync(join(distDir, chunk.file), 'utf8')).join('\n');
  // Names that survive minification: React's element tag and Dexie's error class.
  expect(source).not.toContain('react.transitional.element');
  expect(source).not.toContain('DexieError');
});

test('the Supabase client, its realtime client and the Dexie mirror load after the first paint', () => {
  const source = firstPaintScripts(distDir)
    .map((chunk) => readFileSync(join(distDir, chunk.file), 'utf8'))
    .join('\n');
  // Names that survive minification: supabase-js's auth client, the realtime client's join event and Dexie's error class.
  expect(source).not.toContain('GoTrueClient');
  expect(source).not.toContain('phx_join');
  expect(source).not.toContain('DexieError');
});

test('the home page and a game page render without Dexie: their chunks, with all they import, hold none of it', () => {
  const assets = readdirSync(join(distDir, 'assets'));
  for (const page of ['AppListPage', 'AppDetailPage']) {
    const chunk = assets.find((file) => new RegExp(`^${page}-[\\w-]+\\.js$`).test(file));
    expect(chunk, `${page}'s chunk is in the build`).toBeDefined();
    const source = scriptClosure(distDir, [`assets/${chunk}`])
      .map((part) => readFileSync(join(distDir, part.file), 'utf8'))
      .join('\n');
    // The runtime brings Dexie once the page is up (src/state/liveRead.ts).
    expect(source, `${page} with its imports`).not.toContain('DexieError');
  }
});

// Text each area's code carries through minification, with the module it comes from.
const LATER_AREAS = {
  'analytics (posthog-js)': '$feature_flag_called',
  'the auth screens (features/auth/AuthPage.tsx)': 'Forgot password?',
  'the shop (features/shop/ShopPage.tsx)': 'not for sale',
  'chat (data/queries/pollChat.ts, loaded by features/chat/ChatPage.tsx)': 'get_chat_messages',
  'the creator tools (data/queries/fetchCreatorAccess.ts, loaded by state/creator.ts)': 'is_creator',
  'the game player (features/player/Unsandboxed.tsx, loaded by GameFrame.tsx)': 'without the sandbox that keeps games away from your account',
};

test('analytics, the auth screens, the shop, chat, the creator tools and the game player load only when used', () => {
  const firstPaint = firstPaintScripts(distDir).map((chunk) => chunk.file);
  const assets = readdirSync(join(distDir, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`);
  const holders = (text: string) => assets.filter((file) => readFileSync(join(distDir, file), 'utf8').includes(text));
  for (const [area, text] of Object.entries(LATER_AREAS)) {
    // Still in the build, or this check would pass for a reason that has nothing to do with loading.
    expect(holders(text), `${area} is in the build`).not.toEqual([]);
    expect(holders(text).filter((file) => firstPaint.includes(file)), `${area} before first paint`).toEqual([]);
  }
});

test('the precache holds the shell, the backup list and the bundled games, no source maps, nothing over 2 MB', () => {
  const entries = precacheEntries(distDir);
  const urls = entries.map((entry) => entry.url);
  expect(urls).toContain('index.html');
  expect(urls).toContain('backup-apps.json');
  for (const { url } of BUNDLED) expect(urls).toContain(url.slice(1));
  expect(urls.filter((url) => url.endsWith('.map'))).toEqual([]);
  for (const entry of entries) {
    expect(entry.bytes, `${entry.url} is on disk`).toBeGreaterThan(0);
    expect(entry.bytes, `${entry.url} is under 2 MB`).toBeLessThanOrEqual(2 * 1024 * 1024);
  }
});

test('each bundled game is one precached page of at most 100 KB (30 KB gzip)', () => {
  const entries = precacheEntries(distDir);
  const rows = BUNDLED.map(({ url }) => {
    const file = url.slice(1);
    const bytes = readFileSync(join(distDir, file));
    return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  for (const row of rows) console.log(`${row.file}: ${row.bytes} bytes, ${row.gzip} gzip`);
  for (const row of rows) {
    expect(entries.map((e) => e.url)).toContain(row.file);
    expect(row.bytes, row.file).toBeLessThanOrEqual(100 * KB);
    expect(row.gzip, row.file).toBeLessThanOrEqual(30 * KB);
  }
  // Nothing else of a game is precached: its page holds everything, and the thumbnail sits beside it.
  const gameFiles = entries.filter((e) => e.url.startsWith('games/')).map((e) => e.url.replace(/^games\/[^/]+\//, ''));
  expect([...new Set(gameFiles)].sort()).toEqual(['index.html', 'thumb.svg']);
});

test('the first paint needs nothing but the page: no stylesheet to fetch, the theme, the navbar frame and a page\'s shape written in', () => {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  // A stylesheet link blocks the first frame on one more request, even one the service worker answers.
  expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
  // Nor is the inlined copy kept beside it, for every device to precache and never read.
  expect(precacheEntries(distDir).filter((entry) => /(^|\/)assets\/index-[^/]*\.css$/.test(entry.url))).toEqual([]);
  expect(html).toMatch(/<style id="portal-theme">:root\{--primary:#1e3a8a;/);
  expect(html).toMatch(/\.navbar\{[^}]*position:fixed/);
  expect(html).toMatch(/<div id="root"><header class="navbar">.*Hollowed Portal<\/a><\/nav><\/header><div class="main boot-skeleton" aria-hidden="true">/);
  // And the shape of a page on its way under it, drawn by the inlined stylesheet, with nothing in it to focus or read.
  expect(html).toMatch(/\.boot-tiles\{/);
  const placeholder = /<div class="main boot-skeleton" aria-hidden="true">(.*?)<\/div><\/div><\/div><\/div>/.exec(html)?.[1] ?? '';
  expect(placeholder).toContain('class="skeleton boot-hero"');
  expect(placeholder).not.toMatch(/<(a|button|input|img)\b|[^>]<\/span>/);
});
