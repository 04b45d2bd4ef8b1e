// A password-hashing thread (see password-hasher.ts): bcrypt at GoTrue's cost, off the main thread
// and off the database's, so a burst of sign-ins slows neither the server nor anyone's reads.
import bcrypt from 'bcryptjs';
import { parentPort } from 'node:worker_threads';

export type HashRequest = { id: number; kind: 'hash'; password: string; cost: number } | { id: number; kind: 'verify'; password: string; hash: string };
export type HashReply = { id: number; hash?: string; ok?: boolean; error?: string };

const port = parentPort;
if (!port) throw new Error('password-worker.ts runs as a worker thread (see password-hasher.ts)');

port.on('message', (request: HashRequest) => {
  try {
    if (request.kind === 'hash') port.postMessage({ id: request.id, hash: bcrypt.hashSync(request.password, request.cost) } satisfies HashReply);
    else port.postMessage({ id: request.id, ok: bcrypt.compareSync(request.password, request.hash) } satisfies HashReply);
  } catch (error) {
    port.postMessage({ id: request.id, error: (error as Error).message } satisfies HashReply);
  }
});
port.postMessage({ id: 0 } satisfies HashReply);
