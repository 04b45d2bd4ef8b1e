// Local edge functions: supabase/functions/<name>/index.ts, written for Deno as Supabase runs them,
// loaded in Node behind a minimal `Deno` global (serve captures the handler; env reads the variables
// Supabase gives every function, SUPABASE_URL and the keys, of the backend that runs the call, then
// process.env). A function's bare imports (`chess.js`, mapped to npm: in its deno.json for Deno)
// resolve from node_modules here.
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Handler = (request: Request) => Response | Promise<Response>;

/** What Supabase sets for every function: where its project's API is, and the keys to call it with. */
export interface FunctionEnv {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
}

interface DenoShim {
  serve(handlerOrOptions: Handler | Record<string, unknown>, maybeHandler?: Handler): void;
  env: { get(name: string): string | undefined };
}

const handlers = new Map<string, Promise<Handler>>();
let capturing: Handler | null = null;
let loading: Promise<unknown> = Promise.resolve();
// One process may run several backends (the tests do): each call reads its own backend's variables.
const callEnv = new AsyncLocalStorage<FunctionEnv>();

function installShim(): void {
  const global = globalThis as unknown as { Deno?: DenoShim };
  if (global.Deno) return;
  global.Deno = {
    serve(handlerOrOptions, maybeHandler) {
      capturing = typeof handlerOrOptions === 'function' ? handlerOrOptions : (maybeHandler ?? null);
    },
    env: { get: (name) => callEnv.getStore()?.[name as keyof FunctionEnv] ?? process.env[name] },
  };
}

const VALID_NAME = /^[A-Za-z0-9_-]+$/;

/** The function's handler, or null when supabase/functions/<name>/index.ts does not exist. */
export async function loadFunction(functionsDir: string, name: string): Promise<Handler | null> {
  if (!VALID_NAME.test(name)) return null;
  const file = join(functionsDir, name, 'index.ts');
  const cached = handlers.get(file);
  if (cached) return cached;
  if (!existsSync(file)) return null;
  // Imports run one at a time: Deno.serve reports to a single slot.
  const pending = loading.then(async () => {
    installShim();
    capturing = null;
    await import(pathToFileURL(file).href);
    const handler = capturing as Handler | null;
    if (!handler) throw new Error(`supabase/functions/${name}/index.ts did not call Deno.serve(handler)`);
    return handler;
  });
  loading = pending.catch(() => {});
  handlers.set(file, pending);
  pending.catch(() => handlers.delete(file));
  return pending;
}

/** Runs a function's handler on one request, with the variables of the backend that serves it. */
export function runFunction(handler: Handler, request: Request, env: FunctionEnv): Promise<Response> {
  return callEnv.run(env, async () => handler(request));
}
