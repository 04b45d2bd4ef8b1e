// Which client the work in progress is for, without passing it through every call: the HTTP server
// enters a scope per request, and the database queue and the password hasher read it to take turns
// between clients (see fair-queue.ts).
import { AsyncLocalStorage } from 'node:async_hooks';

interface Scope {
  client: string;
}

const storage = new AsyncLocalStorage<Scope>();

/** Work outside any request (start-up, the schema cache) shares this client. */
export const INTERNAL_CLIENT = 'internal';

export function withClient<T>(client: string, fn: () => T): T {
  return storage.run({ client }, fn);
}

export function currentClient(): string {
  return storage.getStore()?.client ?? INTERNAL_CLIENT;
}
