// Requests from a chosen local address (127.0.0.2 is loopback too, but another client to the backend's
// per-address limits), for tests where one device is an attacker and another the student, or where
// each student has a device of their own, as in a classroom. Only the machine itself can use these
// addresses: no client elsewhere can pose as one.
import { request } from 'node:http';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export function jsonFrom(localAddress: string, url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(url, { method, localAddress, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

let nextDevice = 0;

/** A loopback address no other call of this process has handed out: a device of its own. */
export function newDevice(): string {
  nextDevice += 1;
  return `127.0.${Math.floor(nextDevice / 250) + 1}.${(nextDevice % 250) + 2}`;
}

/** fetch() from `localAddress`, for supabase-js (its `global.fetch`) and raw calls alike. No redirects are followed. */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    req.headers.forEach((value, name) => (headers[name] = value));
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(req.url, { method: req.method, localAddress, headers, signal: req.signal }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answer.append(name, one);
          }
          const status = res.statusCode ?? 0;
          const empty = status === 204 || status === 304 || req.method === 'HEAD';
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage ?? '', headers: answer }));
        });
        res.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}
