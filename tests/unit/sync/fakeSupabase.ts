import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

export type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

export interface SeenRequest {
  url: URL;
  body: unknown;
  headers: Headers;
}

/** A supabase-js client whose every request is answered by `handler`: nothing leaves the process. */
export function clientAnswering(handler: Handler) {
  const requests: SeenRequest[] = [];
  const client = createClient('http://127.0.0.1:54321', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: {
      fetch: async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
        requests.push({ url, body, headers: new Headers(init.headers) });
        return handler(url, init);
      },
    },
  });
  return { client, requests };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
