// `npm run backend`: the embedded backend alone, printing what `supabase status` prints.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LockedError, MigrationError, SUPABASE_DIR } from './database.ts';
import { isLoopback, reachableFromNetwork } from './network.ts';
import { ConfigError } from './project-config.ts';
import { WeakSecretError } from './secrets.ts';
import { PortInUseError, startBackend } from './server.ts';

const USAGE = `Usage: npm run backend -- [--port 54321] [--host 127.0.0.1] [--data-dir .data]
  --port              port to listen on (0 picks a free one)
  --host              address to listen on (0.0.0.0: every network this machine is on)
  --data-dir          folder for the database, stored files and the secret, or "memory" (relative to the current folder)
  --public-url        the address other devices use to reach this backend, for links in mails
  --site-dir          a built portal (vite build) to serve beside the API on the same port
  --cert, --key       a TLS certificate and its private key (PEM files): serve HTTPS
  --config            the project's config.toml (default supabase/config.toml): [auth.email]
                      enable_confirmations is honoured
  --show-service-key  print the service-role key too (it can read and change everything)
  --demo-keys         sign with the Supabase CLI's published demo secret: anyone can then mint a
                      service-role token, so never on a network others use
Environment: JWT_SECRET (at least 32 characters) replaces the data folder's own secret.`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '54321' },
        host: { type: 'string', default: '127.0.0.1' },
        'data-dir': { type: 'string' },
        'public-url': { type: 'string' },
        'site-dir': { type: 'string' },
        cert: { type: 'string' },
        key: { type: 'string' },
        config: { type: 'string' },
        'show-service-key': { type: 'boolean', default: false },
        'demo-keys': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a number from 0 to 65535, not "${values.port}"`);
    return 2;
  }
  const given = values['data-dir'];
  const dataDir = given === 'memory' ? 'memory' : given ? resolve(process.cwd(), given) : resolve(SUPABASE_DIR, '..', '.data');

  if (!!values.cert !== !!values.key) {
    console.error('--cert and --key go together: the certificate and its private key.');
    return 2;
  }
  let tls: { cert: Buffer; key: Buffer } | null = null;
  try {
    tls = values.cert && values.key ? { cert: readFileSync(resolve(values.cert)), key: readFileSync(resolve(values.key)) } : null;
  } catch (error) {
    console.error(`Could not read the certificate or its key: ${(error as Error).message}`);
    return 2;
  }

  const started = Date.now();
  let backend;
  try {
    backend = await startBackend({
      port,
      host: values.host,
      dataDir,
      demoKeys: values['demo-keys'],
      ...(values['public-url'] ? { publicUrl: values['public-url'] } : {}),
      ...(values['site-dir'] ? { siteDir: resolve(process.cwd(), values['site-dir']) } : {}),
      ...(tls ? { tls } : {}),
      ...(values.config ? { configFile: resolve(process.cwd(), values.config) } : {}),
    });
  } catch (error) {
    if (
      error instanceof LockedError ||
      error instanceof PortInUseError ||
      error instanceof MigrationError ||
      error instanceof WeakSecretError ||
      error instanceof ConfigError
    ) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  console.log(`Started in ${Date.now() - started} ms (data: ${dataDir})`);
  console.log(`API URL: ${backend.url}`);
  console.log(`anon key: ${backend.anonKey}`);
  if (values['show-service-key'] || backend.secrets.source === 'demo') console.log(`service_role key: ${backend.serviceRoleKey}`);
  else if (backend.secrets.file) console.log(`service_role key: not shown; it is in ${backend.secrets.file} (readable by you only)`);
  else console.log('service_role key: not shown (--show-service-key prints it)');
  if (backend.secrets.source === 'demo') {
    console.log('WARNING: signed with the published demo secret: anyone who can reach this backend can act as the service role.');
  }
  const local = isLoopback(values.host) || values.host === 'localhost' ? values.host : '127.0.0.1';
  const mailbox = `${new URL(backend.url).protocol}//${local.includes(':') ? `[${local}]` : local}:${new URL(backend.url).port}/mailbox`;
  console.log(`Mailbox: ${mailbox}`);
  if (reachableFromNetwork(values.host)) {
    console.log(`Reset mails go to the mailbox above, which answers on this machine only: open it here to pass a student the link.`);
  }

  await new Promise<void>((done) => {
    const stop = (signal: string) => {
      console.log(`${signal}: stopping, closing the database...`);
      backend
        .close()
        .catch((error: unknown) => console.error(`error while closing: ${(error as Error).message}`))
        .finally(done);
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
