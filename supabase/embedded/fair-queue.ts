// Takes turns between clients. The database runs one transaction at a time, so with one queue a
// client that sends a hundred requests makes everyone else wait for all of them; here each client
// with work waiting gets the next turn in rotation, and a student's read waits for at most one
// request of each other client, however many they have queued.

export class QueueFull extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} requests from one device are waiting`);
  }
}

interface Task {
  start: () => void;
}

export class FairQueue {
  private readonly queues = new Map<string, Task[]>();
  /** Clients with work waiting, in the order their next turn comes. */
  private readonly turns: string[] = [];
  private running = 0;
  private idle: (() => void)[] = [];

  /**
   * @param concurrency how many tasks run at once
   * @param maxWaitingPerClient beyond this many waiting tasks a client's next one is refused with QueueFull
   */
  constructor(
    private readonly concurrency: number,
    private readonly maxWaitingPerClient: number,
  ) {}

  run<T>(client: string, task: () => Promise<T>): Promise<T> {
    let queue = this.queues.get(client);
    if (queue && queue.length >= this.maxWaitingPerClient) return Promise.reject(new QueueFull(this.maxWaitingPerClient));
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running += 1;
        task()
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.pump();
          });
      };
      if (!queue) {
        queue = [];
        this.queues.set(client, queue);
        this.turns.push(client);
      }
      queue.push({ start });
      this.pump();
    });
  }

  /** Tasks waiting for their turn, all clients together. */
  get waiting(): number {
    let n = 0;
    for (const queue of this.queues.values()) n += queue.length;
    return n;
  }

  /** Resolves once nothing runs and nothing waits. */
  drained(): Promise<void> {
    if (this.running === 0 && this.turns.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(): void {
    while (this.running < this.concurrency && this.turns.length > 0) {
      const client = this.turns.shift() as string;
      const queue = this.queues.get(client) as Task[];
      const task = queue.shift() as Task;
      if (queue.length > 0) this.turns.push(client);
      else this.queues.delete(client);
      task.start();
    }
    if (this.running === 0 && this.turns.length === 0) for (const resolve of this.idle.splice(0)) resolve();
  }
}
