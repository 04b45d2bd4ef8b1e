// `npm run backend`: the embedded backend alone, printing what `supabase status` prints.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LockedError, MigrationError, SUPABASE_DIR } from './database.ts';
import { PortInUseError, startBackend } from './server.ts';

const USAGE = `Usage: npm run backend -- [--port 54321] [--host 127.0.0.1] [--data-dir .data]
  --port      port to listen on (0 picks a free one)
  --host      address to listen on
  --data-dir  folder for the database and stored files, or "memory" (relative to the current folder)`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '54321' },
        host: { type: 'string', default: '127.0.0.1' },
        'data-dir': { type: 'string' },
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

  const started = Date.now();
  let backend;
  try {
    backend = await startBackend({ port, host: values.host, dataDir });
  } catch (error) {
    if (error instanceof LockedError || error instanceof PortInUseError || error instanceof MigrationError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  console.log(`Started in ${Date.now() - started} ms (data: ${dataDir})`);
  console.log(`API URL: ${backend.url}`);
  console.log(`anon key: ${backend.anonKey}`);
  console.log(`service_role key: ${backend.serviceRoleKey}`);
  console.log(`Mailbox: ${backend.url}/mailbox`);

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
