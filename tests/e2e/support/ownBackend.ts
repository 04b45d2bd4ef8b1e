// An embedded backend a test runs in its own process, on its own port and data folder, so it can be
// killed in the middle of a request (SIGKILL: no clean shutdown, as a crash or a pulled plug) and
// started again on the same folder. It uses the suite's keys, so its tokens are good everywhere.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { suiteJwtSecret } from './backend.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export class OwnBackend {
  private child: ChildProcess | null = null;
  private readonly port: number;
  private readonly dataDir: string;
  private readonly args: string[];
  private readonly env: Record<string, string>;
  readonly url: string;

  /**
   * `args` go to the backend's command line as they are (--site-dir, --config ...); `env` adds to its
   * environment (AUTH_RATE_LIMITS ...). With `--host`, the backend is at that address.
   */
  constructor(port: number, dataDir: string, args: string[] = [], env: Record<string, string> = {}) {
    this.port = port;
    this.dataDir = dataDir;
    this.args = args;
    this.env = env;
    const host = args[args.indexOf('--host') + 1];
    this.url = `http://${args.includes('--host') && host ? host : '127.0.0.1'}:${port}`;
  }

  /** Starts the backend and resolves once it serves (the first start also migrates a new database). */
  start(): Promise<void> {
    if (this.child !== null) throw new Error('the backend is already running');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'supabase/embedded/cli.ts', '--port', String(this.port), '--data-dir', this.dataDir, ...this.args],
      // The suite's secret, given as an operator would give one, so its tokens are good here too.
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...this.env, JWT_SECRET: suiteJwtSecret() } },
    );
    this.child = child;
    const errors: string[] = [];
    createInterface({ input: child.stderr }).on('line', (line) => errors.push(line));
    return new Promise((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('API URL:')) resolve();
      });
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = null;
        reject(new Error(`the backend stopped before serving (${signal ?? `exit ${code}`}): ${errors.join('\n')}`));
      });
    });
  }

  /** Kills the process outright and resolves once it is gone. */
  kill(): Promise<void> {
    return this.end('SIGKILL');
  }

  /** Stops the process the way Ctrl+C does, closing the database. */
  stop(): Promise<void> {
    return this.end('SIGTERM');
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (child === null) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await gone;
  }
}
