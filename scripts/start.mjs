// `npm start`: the whole portal on this machine with no cloud account. One server on one port serves
// the built app and the embedded backend's API together (the app finds its API at the address it
// was opened at), so a Chromebook that opens http://<this machine>:<port>/ reaches both.
import { spawn } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ensureDeps, root, run } from './ensure-deps.mjs';

const USAGE = `Usage: npm start -- [--port 4173] [--host 127.0.0.1] [--data-dir .data] [--cert file --key file]
  --port       the one port of the portal and its API
  --host       address to listen on: 0.0.0.0 lets the class's devices in (see "Running it for a class" in README.md)
  --data-dir   folder for accounts, progress and the secret (kept between starts)
  --cert/--key a TLS certificate and its private key (PEM): serve HTTPS, so the portal installs and works offline on other devices
  --out-dir    the folder the built app goes to (default: a new one per start, removed on exit)
  --demo-keys  sign with Supabase's published demo secret (never on a network others use)`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '4173' },
      host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
      'data-dir': { type: 'string', default: process.env.DATA_DIR ?? '.data' },
      'out-dir': { type: 'string' },
      cert: { type: 'string' },
      key: { type: 'string' },
      'demo-keys': { type: 'boolean', default: false },
      'backend-port': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values['backend-port']) {
  console.error('--backend-port is gone: the API is served on the portal\'s own --port, at the same address.');
  process.exit(2);
}

ensureDeps();

const port = values.port;
const host = values.host;
const secure = Boolean(values.cert && values.key);
const scheme = secure ? 'https' : 'http';
const everywhere = host === '0.0.0.0' || host === '::';
const loopback = host === 'localhost' || host === '::1' || /^127\./.test(host);

/** The addresses other devices can open: this machine's own on each network it is on. */
function lanAddresses() {
  if (!everywhere) return loopback ? [] : [host];
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry.address);
}
const lan = lanAddresses();
const urlOf = (address) => `${scheme}://${address.includes(':') ? `[${address}]` : address}:${port}`;
const localUrl = urlOf(loopback ? (host === 'localhost' ? 'localhost' : host) : '127.0.0.1');

// Each start builds into its own folder: two starts from one checkout never serve each other's build.
const scratch = values['out-dir'] ? null : mkdtempSync(join(tmpdir(), 'hollowed-portal-'));
const siteDir = values['out-dir'] ? resolve(values['out-dir']) : join(scratch, 'site');
const buildDir = `${siteDir}.building`;

const children = [];
let stopping = false;
const stopAll = (code) => {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
process.on('exit', () => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

function startServer() {
  const args = ['--import', 'tsx', 'supabase/embedded/cli.ts', '--port', port, '--host', host, '--data-dir', values['data-dir'], '--site-dir', siteDir];
  // Links in reset mails point where the class can open them.
  if (lan.length > 0) args.push('--public-url', urlOf(lan[0]));
  if (secure) args.push('--cert', values.cert, '--key', values.key);
  if (values['demo-keys']) args.push('--demo-keys');
  return new Promise((resolveStart, reject) => {
    // Node itself, not npx, so a stop signal reaches the process that holds the database.
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    const found = {};
    createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(`[server] ${line}`);
      const match = /^anon key: (\S+)/.exec(line);
      if (match) {
        found.anonKey = match[1];
        resolveStart(found);
      }
    });
    child.on('exit', (code) => {
      if (!found.anonKey) reject(new Error(`the server stopped before it was ready (exit ${code})`));
      else if (!stopping) stopAll(code ?? 1);
    });
  });
}

try {
  const server = await startServer();
  console.log('Building the portal ...');
  rmSync(buildDir, { recursive: true, force: true });
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const env = { ...process.env, VITE_SUPABASE_ANON_KEY: server.anonKey };
  // No URL: the app talks to the origin it was opened at, whichever address that was.
  delete env.VITE_SUPABASE_URL;
  const status = run(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', buildDir, '--emptyOutDir'], { env });
  if (status !== 0) {
    stopAll(status);
  } else {
    // Served whole or not at all: until now the server answered "being built".
    rmSync(siteDir, { recursive: true, force: true });
    renameSync(buildDir, siteDir);
    console.log(`\nPortal: ${localUrl}/`);
    if (lan.length > 0) {
      console.log(`Students on this network open: ${lan.map((address) => `${urlOf(address)}/`).join('  or  ')}`);
      if (!secure) {
        console.log('Over plain HTTP other devices get no offline mode or install: see "Running it for a class" in README.md (--cert/--key).');
      }
    } else if (!loopback) {
      console.log(`Students open: ${urlOf(host)}/`);
    }
    console.log('Press Ctrl+C to stop.');
  }
} catch (error) {
  console.error(`Could not start the portal: ${error.message}`);
  stopAll(1);
}
