// `npm start`: the whole portal on this machine with no cloud account: the embedded backend,
// a production build pointed at it, and a static server for that build.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureDeps, root, run } from './ensure-deps.mjs';

ensureDeps();

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const backendPort = option('backend-port', process.env.BACKEND_PORT ?? '54321');
const appPort = option('port', process.env.PORT ?? '4173');
const host = option('host', process.env.HOST ?? '127.0.0.1');
const dataDir = option('data-dir', process.env.DATA_DIR ?? '.data');
const outDir = option('out-dir', 'dist');

const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const children = [];
const stopAll = (code) => {
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

function startBackend() {
  return new Promise((resolve, reject) => {
    // Node itself, not npx, so a stop signal reaches the process that holds the database.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'supabase/embedded/cli.ts', '--port', backendPort, '--host', host, '--data-dir', dataDir],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    const found = {};
    createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(`[backend] ${line}`);
      const match = /^(API URL|anon key): (\S+)/.exec(line);
      if (match) found[match[1]] = match[2];
      if (found['API URL'] && found['anon key'] && !found.done) {
        found.done = true;
        resolve({ url: found['API URL'], anonKey: found['anon key'] });
      }
    });
    child.on('exit', (code) => {
      if (!found.done) reject(new Error(`the backend stopped before it was ready (exit ${code})`));
      else stopAll(code ?? 1);
    });
  });
}

try {
  const backend = await startBackend();
  console.log('Building the portal against the embedded backend ...');
  const status = run(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    env: { ...process.env, VITE_SUPABASE_URL: backend.url, VITE_SUPABASE_ANON_KEY: backend.anonKey },
  });
  if (status !== 0) {
    stopAll(status);
  } else {
    const preview = spawn(process.execPath, [vite, 'preview', '--host', host, '--port', appPort, '--strictPort', '--outDir', outDir], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(preview);
    preview.on('exit', (code) => stopAll(code ?? 0));
    const shown = host === '0.0.0.0' ? 'localhost' : host;
    console.log(`\nPortal: http://${shown}:${appPort}/`);
    console.log(`Backend: ${backend.url}  (reset mails: ${backend.url}/mailbox)`);
    console.log('Press Ctrl+C to stop.');
  }
} catch (error) {
  console.error(`Could not start the portal: ${error.message}`);
  stopAll(1);
}
