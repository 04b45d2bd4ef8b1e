// Secrets and what only the machine may see (issue #17): without JWT_SECRET the backend used to sign
// with Supabase's published demo secret (anyone could mint a service-role token), printed the
// service-role key on screen, and showed every reset link at /mailbox to anyone on the network.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { Keys } from '../../../supabase/embedded/jwt.ts';
import { DEMO_JWT_SECRET, SECRETS_FILE } from '../../../supabase/embedded/secrets.ts';
import { client, newUser, startFixtureBackend } from '../helpers.ts';
import { classNetworkSkipReason, makeClassDevice } from '../../support/classNetwork.ts';

const work = mkdtempSync(join(tmpdir(), 'security-secrets-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const demoServiceToken = () =>
  new SignJWT({ role: 'service_role', iss: 'supabase-demo', exp: Math.floor(Date.now() / 1000) + 600 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(DEMO_JWT_SECRET));

describe('the signing secret', () => {
  it('is made at random for a new data folder, kept readable by its owner only, and the same on the next start', async () => {
    const dataDir = join(work, 'kept');
    const first = await startFixtureBackend({ dataDir });
    const file = join(dataDir, SECRETS_FILE);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(stored.jwt_secret).not.toBe(DEMO_JWT_SECRET);
    expect(stored.jwt_secret?.length).toBeGreaterThanOrEqual(32);
    expect([stored.anon_key, stored.service_role_key]).toEqual([first.anonKey, first.serviceRoleKey]);
    expect(first.anonKey).not.toBe((await Keys.create(DEMO_JWT_SECRET)).anonKey);
    const anon = first.anonKey;
    await first.close();
    const second = await startFixtureBackend({ dataDir });
    try {
      expect(second.anonKey).toBe(anon);
    } finally {
      await second.close();
    }
    const other = await startFixtureBackend({ dataDir: join(work, 'other') });
    try {
      expect(other.anonKey).not.toBe(anon);
    } finally {
      await other.close();
    }
    // Three backends start on new data folders here, one after another: at a load of 20 on 2 cores each
    // start took about 27 s. The time is the machine's, not what this test is about.
  }, 180_000);

  it('is never the demo secret unless asked for: a token signed with it is refused', async () => {
    const backend = await startFixtureBackend({ dataDir: join(work, 'refuses-demo') });
    try {
      const forged = await demoServiceToken();
      const read = await fetch(`${backend.url}/rest/v1/notes?select=*`, { headers: { apikey: forged, authorization: `Bearer ${forged}` } });
      expect(read.status).toBe(401);
    } finally {
      await backend.close();
    }
    const demo = await startFixtureBackend({ demoKeys: true });
    try {
      expect(demo.anonKey).toBe((await Keys.create(DEMO_JWT_SECRET)).anonKey);
      expect(demo.secrets.source).toBe('demo');
    } finally {
      await demo.close();
    }
  });
});

/** `npm run backend` on a new folder: the lines it prints until the mailbox line, then stopped. */
async function startLines(args: string[]): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/embedded/cli.ts', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the backend stopped (exit ${code}): ${lines.join('\n')}`)));
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        if (line.startsWith('Mailbox:')) setTimeout(resolve, 100);
      });
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  return lines;
}

describe('the start-up lines', () => {
  it('give the API URL and the anon key, and say where the service-role key is without printing it', async () => {
    const dataDir = join(work, 'printed');
    const lines = await startLines(['--data-dir', dataDir]);
    const stored = JSON.parse(readFileSync(join(dataDir, SECRETS_FILE), 'utf8')) as Record<string, string>;
    expect(lines).toContain(`anon key: ${stored.anon_key}`);
    expect(lines.some((line) => /^API URL: http:\/\/127\.0\.0\.1:\d+$/.test(line))).toBe(true);
    expect(lines.join('\n')).not.toContain(stored.service_role_key);
    expect(lines.join('\n')).not.toContain(stored.jwt_secret);
    expect(lines).toContain(`service_role key: not shown; it is in ${join(dataDir, SECRETS_FILE)} (readable by you only)`);
  });

  it('say where reset mails go when the backend listens on the network', async () => {
    const lines = await startLines(['--data-dir', 'memory', '--host', '0.0.0.0']);
    expect(lines.some((line) => /^Mailbox: http:\/\/127\.0\.0\.1:\d+\/mailbox$/.test(line))).toBe(true);
    expect(lines).toContain('Reset mails go to the mailbox above, which answers on this machine only: open it here to pass a student the link.');
  });
});

describe('the mailbox', () => {
  // The other device is a network namespace of this test's own (tests/support/classNetwork.ts), never
  // this machine's address on a real network.
  const unavailable = classNetworkSkipReason();
  it.skipIf(unavailable !== null)(`shows reset links to this machine and to the service role, never to another device${unavailable ? ` (skipped: ${unavailable})` : ''}`, async () => {
    const device = await makeClassDevice();
    const backend = await startFixtureBackend({ host: '0.0.0.0' });
    try {
      const user = await newUser(backend, 'mail_owner');
      await client(backend).auth.resetPasswordForEmail(user.email);
      const port = new URL(backend.url).port;
      const here = await fetch(`http://127.0.0.1:${port}/mailbox`);
      expect(here.status).toBe(200);
      expect(await here.text()).toContain('/auth/v1/verify?token=');
      const onNetwork = `http://${device.hostAddress}:${port}/mailbox`;
      const fromNetwork = await device.fetch(onNetwork);
      expect(fromNetwork.status).toBe(403);
      expect(fromNetwork.body).toContain('The mailbox is shown only on the machine that runs the backend.');
      expect(fromNetwork.body).not.toContain('verify');
      expect((await device.fetch(onNetwork, { headers: { apikey: backend.anonKey } })).status).toBe(403);
      const service = await device.fetch(onNetwork, { headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` } });
      expect(service.status).toBe(200);
    } finally {
      await backend.close();
      await device.close();
    }
  });
});
