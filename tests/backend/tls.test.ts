// HTTPS with a certificate the operator gives (--cert/--key): the secure origin a classroom needs
// for the service worker and install (issue #19). The certificate here is made with openssl, as the
// README shows, for 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFixtureBackend } from './helpers.ts';

const work = mkdtempSync(join(tmpdir(), 'backend-tls-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function get(url: string, ca: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HTTPS', () => {
  it('serves the API over TLS with the given certificate, and says https in its URL', async () => {
    const cert = join(work, 'cert.pem');
    const key = join(work, 'key.pem');
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=portal', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const backend = await startFixtureBackend({ tls: { cert: readFileSync(cert), key: readFileSync(key) } });
    try {
      expect(backend.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const health = await get(`${backend.url}/auth/v1/health`, readFileSync(cert));
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ name: 'GoTrue' });
    } finally {
      await backend.close();
    }
  });
});
