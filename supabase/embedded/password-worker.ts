// A password-hashing thread (see password-hasher.ts): bcrypt at GoTrue's cost (hash-wasm's
// WebAssembly build), off the main thread and off the database's, so a burst of sign-ins slows
// neither the server nor anyone's reads.
import { bcrypt, bcryptVerify } from 'hash-wasm';
import { randomBytes } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

export type HashRequest = { id: number; kind: 'hash'; password: string; cost: number } | { id: number; kind: 'verify'; password: string; hash: string };
export type HashReply = { id: number; hash?: string; ok?: boolean; error?: string };

const port = parentPort;
if (!port) throw new Error('password-worker.ts runs as a worker thread (see password-hasher.ts)');

async function answer(request: HashRequest): Promise<HashReply> {
  try {
    if (request.kind === 'hash') {
      return { id: request.id, hash: await bcrypt({ password: request.password, salt: randomBytes(16), costFactor: request.cost, outputType: 'encoded' }) };
    }
    return { id: request.id, ok: await bcryptVerify({ password: request.password, hash: request.hash }) };
  } catch (error) {
    return { id: request.id, error: (error as Error).message };
  }
}

port.on('message', (request: HashRequest) => {
  void answer(request).then((reply) => port.postMessage(reply));
});
port.postMessage({ id: 0 } satisfies HashReply);
