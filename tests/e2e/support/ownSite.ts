// A copy of the built portal served by the test alone, on its own port (so its own origin and service
// worker): the test can then deploy a new version of it without touching what other tests are served.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export class OwnSite {
  private child: ChildProcess | null = null;
  private readonly port: number;
  readonly dir: string;
  readonly url: string;

  /** Copies the suite's build (E2E_DATA_DIR/dist) into `dir`. */
  constructor(port: number, dir: string) {
    this.port = port;
    this.dir = dir;
    this.url = `http://127.0.0.1:${port}`;
    cpSync(join(process.env.E2E_DATA_DIR!, 'dist'), dir, { recursive: true });
  }

  /**
   * Serves the copy with a plain static server, and resolves once it listens. The copy's API calls go
   * to its own origin, where nothing answers them: a test routes them (BackendLink) to a backend.
   */
  start(): Promise<void> {
    const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const child = spawn(
      process.execPath,
      [vite, 'preview', '--host', '127.0.0.1', '--port', String(this.port), '--strictPort', '--outDir', this.dir],
      { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.child = child;
    const errors: string[] = [];
    createInterface({ input: child.stderr }).on('line', (line) => errors.push(line));
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`the static server stopped (exit ${code}): ${errors.join('\n')}`))),
    );
    return Promise.race([this.serving(child), exited]);
  }

  /** Its banner is coloured when the test runner forces colour, so ask the server itself. */
  private async serving(child: ChildProcess): Promise<void> {
    while (child.exitCode === null && child.signalCode === null) {
      try {
        if ((await fetch(this.url)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child === null || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await gone;
  }
}
