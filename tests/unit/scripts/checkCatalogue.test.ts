import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkCatalogue,
  formatReport,
  readBackupList,
  readServerCatalogue,
  type CatalogueEntry,
} from '../../../scripts/check-catalogue.ts';

// Everything here stays on 127.0.0.1: a tiny server plays a framable page, a framing-refusing page,
// a missing page and the backend's catalogue RPC.

let server: Server;
let base: string;
let publicDir: string;
let gamesDir: string;
const catalogue: CatalogueEntry[] = [{ id: 'snake', title: 'Snake', url: '/games/snake/index.html', bundled: true }];

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/framable') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>play</p>');
    } else if (path === '/deny') {
      response.writeHead(200, { 'content-type': 'text/html', 'x-frame-options': 'DENY' }).end('<p>no</p>');
    } else if (path === '/csp-self') {
      response.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "frame-ancestors 'self'" }).end('<p>mine</p>');
    } else if (path === '/moved') {
      response.writeHead(302, { location: '/framable' }).end();
    } else if (path === '/rest/v1/rpc/get_apps_ordered_by_title' && request.method === 'POST' && request.headers.apikey === 'anon-key') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(catalogue));
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  publicDir = await mkdtemp(join(tmpdir(), 'check-catalogue-'));
  await writeFile(join(publicDir, 'manual.html'), '<!doctype html><title>Manual</title>');
  gamesDir = await mkdtemp(join(tmpdir(), 'check-catalogue-games-'));
  const game = (body: string) =>
    `<!doctype html>\n<html>\n<head>\n  <meta charset="utf-8">\n  <title>t</title>\n  <link rel="stylesheet" href="style.css">\n  <script type="module" src="game.js"></script>\n</head>\n<body>${body}</body>\n</html>\n`;
  for (const [id, body] of [
    ['snake', '<canvas id="game"></canvas>'],
    ['pictures', '<img src="tiles.png" alt="">'],
  ] as const) {
    await mkdir(join(gamesDir, id), { recursive: true });
    await writeFile(join(gamesDir, id, 'index.html'), game(body));
    await writeFile(join(gamesDir, id, 'game.js'), 'document.title = "played";\n');
    await writeFile(join(gamesDir, id, 'style.css'), 'body { margin: 0; }\n');
    await writeFile(join(gamesDir, id, 'thumb.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  }
  await mkdir(join(gamesDir, 'broken'), { recursive: true });
  await writeFile(join(gamesDir, 'broken', 'index.html'), '<!doctype html><title>no script</title>');
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(publicDir, { recursive: true, force: true });
  await rm(gamesDir, { recursive: true, force: true });
});

describe('check-catalogue', () => {
  it('reports dead entries and entries that refuse to be framed, and passes the rest', async () => {
    const entries: CatalogueEntry[] = [
      { id: 'ok', title: 'Framable', url: `${base}/framable` },
      { id: 'deny', title: 'Denies frames', url: `${base}/deny` },
      { id: 'self', title: 'Own site only', url: `${base}/csp-self` },
      { id: 'gone', title: 'Gone', url: `${base}/missing` },
      { id: 'moved', title: 'Moved', url: `${base}/moved` },
      { id: 'snake', title: 'Snake', url: '/games/snake/index.html', bundled: true, thumbnail: '/games/snake/thumb.svg' },
      { id: 'lost', title: 'Lost game', url: '/games/lost/index.html', bundled: true },
      { id: 'escape', title: 'Escape', url: '/../package.json', bundled: true },
    ];
    const reports = await checkCatalogue(entries, { publicDir, gamesDir, timeoutMs: 5000 });
    const byId = Object.fromEntries(reports.map((r) => [r.id, r]));

    expect(byId.ok).toMatchObject({ status: 200, frame: 'allowed', problem: null });
    expect(byId.deny).toMatchObject({ status: 200, frame: 'denied', problem: 'refuses-frame' });
    expect(byId.deny!.detail).toContain('X-Frame-Options');
    expect(byId.self).toMatchObject({ frame: 'same-origin-only', problem: 'refuses-frame' });
    expect(byId.gone).toMatchObject({ status: 404, problem: 'dead' });
    expect(byId.moved).toMatchObject({ status: 200, problem: null });
    expect(byId.snake).toMatchObject({ problem: null });
    expect(byId.lost).toMatchObject({ problem: 'dead' });
    expect(byId.lost!.detail).toContain('games/lost/index.html');
    expect(byId.escape).toMatchObject({ problem: 'dead' });

    const report = formatReport(reports);
    expect(report).toContain('Checked 8 catalogue entries: 5 with a problem.');
    expect(byId.snake!.detail).toMatch(/one self-contained page of \d+ bytes/);
    expect(report).toMatch(/refuses-frame\s+deny/);
    expect(report).toMatch(/dead\s+gone \(Gone\) \[404\]/);
    expect(report).not.toMatch(/\bok \(Framable\)/);
  });

  it('finds dead and unframeable entries with no network at all', async () => {
    const refuse = () => Promise.reject(new Error('no request may leave the machine'));
    const entries: CatalogueEntry[] = [
      { id: 'placeholder', title: 'Placeholder', url: 'https://example.org/apps/fraction-frenzy/' },
      { id: 'sub', title: 'Sub', url: 'https://games.example.com/x/' },
      { id: 'invalid', title: 'Invalid', url: 'https://host.invalid/' },
      { id: 'not-web', title: 'Not web', url: 'javascript:alert(1)' },
      { id: 'pictures', title: 'Pictures', url: '/games/pictures/index.html', bundled: true },
      { id: 'broken', title: 'Broken', url: '/games/broken/index.html', bundled: true },
      { id: 'wrong', title: 'Bundled elsewhere', url: '/manual.html', bundled: true },
      { id: 'manual', title: 'Manual', url: '/manual.html' },
      { id: 'no-thumb', title: 'No thumb', url: '/games/snake/index.html', bundled: true, thumbnail: '/games/snake/missing.svg' },
      { id: 'elsewhere', title: 'Elsewhere', url: 'https://games.school.ac.uk/tetris/' },
    ];
    const reports = await checkCatalogue(entries, { publicDir, gamesDir, offline: true, fetch: refuse });
    const byId = Object.fromEntries(reports.map((r) => [r.id, r]));
    expect(byId.placeholder).toMatchObject({ problem: 'dead', detail: 'example.org is reserved for examples: no game lives there' });
    expect(byId.sub).toMatchObject({ problem: 'dead' });
    expect(byId.invalid).toMatchObject({ problem: 'dead' });
    expect(byId['not-web']).toMatchObject({ problem: 'dead', detail: 'not a web address' });
    expect(byId.pictures).toMatchObject({ problem: 'refuses-frame' });
    expect(byId.pictures!.detail).toContain('tiles.png');
    expect(byId.broken).toMatchObject({ problem: 'dead' });
    expect(byId.broken!.detail).toContain('does not build');
    expect(byId.wrong).toMatchObject({ problem: 'dead', detail: 'a bundled entry must point at /games/<id>/index.html' });
    expect(byId.manual).toMatchObject({ problem: null });
    expect(byId['no-thumb']).toMatchObject({ problem: 'dead', detail: 'thumbnail missing: /games/snake/missing.svg' });
    expect(byId.elsewhere).toMatchObject({ problem: null, detail: 'not checked: offline' });
    expect(formatReport(reports)).toContain('Not checked offline (1): elsewhere');
  });

  it('reports a server that does not answer in time as unreachable', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
    try {
      const [report] = await checkCatalogue([{ id: 'slow', title: 'Slow', url }], { timeoutMs: 200 });
      expect(report).toMatchObject({ status: null, problem: 'unreachable' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('reads the catalogue from a backend with its key, or from the bundled backup list', async () => {
    expect(await readServerCatalogue(base, 'anon-key')).toEqual(catalogue);
    await expect(readServerCatalogue(base, 'wrong-key')).rejects.toThrow('404');
    const backup = await readBackupList();
    expect(backup.length).toBeGreaterThanOrEqual(14);
  });

  it('passes every entry of the bundled backup list offline: each is a bundled game that plays offline', { timeout: 120_000 }, async () => {
    const backup = await readBackupList();
    expect(backup.filter((entry) => entry.bundled)).toHaveLength(backup.length);
    const reports = await checkCatalogue(backup, { offline: true });
    expect(reports.filter((r) => r.problem !== null)).toEqual([]);
  });
});
