// Hashing and checking passwords on a small pool of threads (password-worker.ts). bcrypt is slow on
// purpose; run where the database runs, 96 wrong passwords in flight held everyone's requests for
// seconds. Here checks take turns per client (fair-queue.ts) and each client may have only a few
// waiting, so a flood of sign-ins from one device waits for itself. Hashes are bcrypt ($2a$/$2b$,
// cost 10), as GoTrue and pgcrypto's crypt() write them, so existing accounts keep working.
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { FairQueue } from './fair-queue.ts';
import { LIMITS } from './limits.ts';
import type { HashReply, HashRequest } from './password-worker.ts';
import { currentClient } from './request-scope.ts';

const COST = 10;

/** A thread per four cores, at least one: the rest stay for the server and the database. */
const defaultThreads = () => Math.max(1, Math.floor(availableParallelism() / 4));

class HashThread {
  private readonly worker: Worker;
  private readonly calls = new Map<number, (reply: HashReply) => void>();
  private nextId = 1;
  readonly ready: Promise<void>;

  constructor() {
    this.worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
      workerData: { entry: new URL('./password-worker.ts', import.meta.url).href },
    });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('error', reject);
      this.worker.on('message', (reply: HashReply) => {
        if (reply.id === 0) resolve();
        const call = this.calls.get(reply.id);
        this.calls.delete(reply.id);
        call?.(reply);
      });
    });
  }

  run(request: HashRequest extends infer R ? (R extends HashRequest ? Omit<R, 'id'> : never) : never): Promise<HashReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.calls.set(id, resolve);
      this.worker.postMessage({ ...request, id });
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

export class PasswordHasher {
  private readonly threads: HashThread[];
  private readonly idle: HashThread[];
  private readonly queue: FairQueue;
  /** Checked when an account does not exist, so that answer takes as long as a wrong password. */
  private dummy: Promise<string> | null = null;

  constructor(threads = defaultThreads()) {
    this.threads = Array.from({ length: threads }, () => new HashThread());
    this.idle = [...this.threads];
    this.queue = new FairQueue(threads, LIMITS.passwordChecksWaitingPerClient);
  }

  private on<T>(work: (thread: HashThread) => Promise<T>): Promise<T> {
    return this.queue.run(currentClient(), async () => {
      const thread = this.idle.pop() as HashThread;
      try {
        await thread.ready;
        return await work(thread);
      } finally {
        this.idle.push(thread);
      }
    });
  }

  async hash(password: string): Promise<string> {
    const reply = await this.on((thread) => thread.run({ kind: 'hash', password, cost: COST }));
    if (!reply.hash) throw new Error(`password hashing failed: ${reply.error ?? 'no hash'}`);
    return reply.hash;
  }

  /** Whether `password` matches `hash`; with no hash (no such account) it costs the same and is false. */
  async verify(password: string, hash: string | null): Promise<boolean> {
    const against = hash ?? (await (this.dummy ??= this.hash(randomBytes(16).toString('hex'))));
    const reply = await this.on((thread) => thread.run({ kind: 'verify', password, hash: against }));
    return hash !== null && reply.ok === true;
  }

  async close(): Promise<void> {
    await this.queue.drained();
    await Promise.all(this.threads.map((thread) => thread.close()));
  }
}
