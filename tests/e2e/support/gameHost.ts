// A games website of another origin on this machine, for the offline pack: one game that allows
// cross-origin reads (CORS) and is a single page, the same page without CORS, and a game of several files.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));

interface Page {
  file: string;
  cors: boolean;
}

const PAGES: Record<string, Page> = {
  '/tap-tally/': { file: 'tap-game.html', cors: true },
  '/tap-tally-locked/': { file: 'tap-game.html', cors: false },
  '/split-sprint/': { file: 'split-game.html', cors: true },
};

export interface GameHost {
  origin: string;
  close(): Promise<void>;
}

export async function startGameHost(): Promise<GameHost> {
  const server = createServer((request, response) => {
    const page = PAGES[new URL(request.url ?? '/', 'http://host').pathname];
    if (page === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...(page.cors ? { 'access-control-allow-origin': '*' } : {}),
    });
    response.end(readFileSync(join(fixtures, page.file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
