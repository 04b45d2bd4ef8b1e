// The portal's pages as `npm start` serves them (issue #17, #19): the built app and the API on one
// origin, every answer with the security headers (a strict Content-Security-Policy, framing only by
// the portal itself, nosniff, a referrer policy), client-side routes answered with index.html, no
// path outside the build, and the copies for static hosts in docs/ the same as what is served.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HEADERS, GAME_PAGE_CSP } from '../../../supabase/embedded/security-headers.ts';
import type { Backend } from '../../../supabase/embedded/server.ts';
import { canonicalPath } from '../../../supabase/embedded/site.ts';
import { client, startFixtureBackend } from '../helpers.ts';

const work = mkdtempSync(join(tmpdir(), 'security-headers-'));
const site = join(work, 'site');
const dataDir = join(work, 'data');
let backend: Backend;

beforeAll(async () => {
  backend = await startFixtureBackend({ dataDir, siteDir: site });
});
afterAll(async () => {
  await backend?.close();
  rmSync(work, { recursive: true, force: true });
});

function expectSecurityHeaders(res: Response, what: string): void {
  for (const [name, value] of Object.entries(APP_HEADERS)) expect(res.headers.get(name), `${what}: ${name}`).toBe(value);
}

describe('the built portal beside the API', () => {
  it('answers "being built" until the build is there', async () => {
    const res = await fetch(`${backend.url}/`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.text()).toContain('The portal is being built');
    expectSecurityHeaders(res, 'the building page');
  });

  it('serves the app with the security headers, its pages as index.html, and the API on the same origin', async () => {
    mkdirSync(join(site, 'assets'), { recursive: true });
    mkdirSync(join(site, 'games', 'snake'), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Portal</title><script type="module" src="/assets/app-1a2b.js"></script>');
    writeFileSync(join(site, 'assets', 'app-1a2b.js'), 'console.log(1)');
    writeFileSync(join(site, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(join(site, 'games', 'snake', 'index.html'), '<!doctype html><title>Snake</title>');

    for (const path of ['/', '/shop', '/class/snake', '/sw.js', '/assets/app-1a2b.js']) {
      const res = await fetch(`${backend.url}${path}`);
      expect(res.status, path).toBe(200);
      expectSecurityHeaders(res, path);
    }
    // A bundled game's page opened on its own is sandboxed to an opaque origin, as in the portal's frame.
    const game = await fetch(`${backend.url}/games/snake/index.html`);
    expect(game.status).toBe(200);
    expect(game.headers.get('content-security-policy')).toBe(GAME_PAGE_CSP);
    for (const name of ['X-Frame-Options', 'X-Content-Type-Options', 'Referrer-Policy']) expect(game.headers.get(name), name).toBe(APP_HEADERS[name]);
    expect(await (await fetch(`${backend.url}/shop`)).text()).toContain('<title>Portal</title>');
    expect((await fetch(`${backend.url}/assets/app-1a2b.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${backend.url}/assets/app-1a2b.js`)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await fetch(`${backend.url}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${backend.url}/`)).headers.get('cache-control')).toBe('no-cache');

    const { data, error } = await client(backend).from('items').select('id').eq('id', 1);
    expect([data, error]).toEqual([[{ id: 1 }], null]);
  });

  it('sends a game page with its sandbox however its path is spelled', async () => {
    // Each of these once served the game's page under the portal's policy, unsandboxed on the portal's origin.
    const spellings = ['//games/snake/index.html', '/games/snake//index.html', '/games/snake/index.html/', '/games//snake/index.html', '/games/snake/%69ndex.html', '/game%73/snake/index.html'];
    for (const path of spellings) {
      const res = await fetch(`${backend.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<title>Snake</title>');
      expect(res.headers.get('content-security-policy'), path).toBe(GAME_PAGE_CSP);
    }
    // A slash encoded inside a segment names no file of the build.
    const encodedSlash = await fetch(`${backend.url}/games/snake%2Findex.html`);
    expect(encodedSlash.status).toBe(404);
    expect(await encodedSlash.text()).not.toContain('<title>Snake</title>');
    expect(canonicalPath('/games/snake%2Findex.html')).toBeNull();
  });

  it('keeps the policy strict: scripts of this origin only, no eval, no framing by other sites', () => {
    const csp = APP_HEADERS['Content-Security-Policy'] as string;
    const directive = (name: string) => new RegExp(`(^|; )${name} ([^;]*)`).exec(csp)?.[2] ?? '';
    // No inline script: the games' inline scripts run under their own sandboxing policy (gameSandbox.ts).
    expect(directive('script-src')).toBe("'self'");
    expect(directive('object-src')).toBe("'none'");
    expect(directive('frame-ancestors')).toBe("'self'");
    expect(directive('base-uri')).toBe("'self'");
    expect(directive('frame-src')).not.toContain('blob:');
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(APP_HEADERS['X-Frame-Options']).toBe('SAMEORIGIN');
  });

  it('answers a missing file with 404, and never a file outside the build', async () => {
    writeFileSync(join(work, 'outside.txt'), 'not for the web');
    const missing = await fetch(`${backend.url}/assets/gone-9z9z.js`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing, 'a missing file');
    for (const path of ['/..%2Foutside.txt', '/%2e%2e/outside.txt', '/assets/..%2F..%2Foutside.txt', '/..%5Coutside.txt', '/%2e%2e/data/secrets.json']) {
      const res = await fetch(`${backend.url}${path}`);
      expect(await res.text(), path).not.toMatch(/not for the web|jwt_secret/);
    }
    const post = await fetch(`${backend.url}/shop`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
  });

  it('is what docs/security-headers.md tells static hosts to send', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'security-headers.md'), 'utf8');
    for (const [name, value] of Object.entries(APP_HEADERS)) {
      expect(doc, `Netlify: ${name}`).toContain(`  ${name}: ${value}\n`);
      expect(doc, `Vercel: ${name}`).toContain(JSON.stringify({ key: name, value }, null, 2).split('\n').map((l, i) => (i === 0 ? l : `        ${l}`)).join('\n'));
      expect(doc, `nginx: ${name}`).toContain(`add_header ${name} "${value}" always;`);
    }
    // A game's page has the sandboxing policy in place of the portal's, on each host.
    expect(doc, 'Netlify: game page').toContain(`/games/*/index.html\n  Content-Security-Policy: ${GAME_PAGE_CSP}\n`);
    expect(doc, 'Vercel: game page').toContain(`"source": "/games/:id/index.html"`);
    expect(doc, 'Vercel: game page').toContain(`"value": "${GAME_PAGE_CSP}"`);
    expect(doc, 'nginx: game page').toContain(`  add_header Content-Security-Policy "${GAME_PAGE_CSP}" always;`);
  });
});
