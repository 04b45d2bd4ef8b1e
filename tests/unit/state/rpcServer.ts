// A server for the hooks of online-only areas (creator tools, the desk): it answers the RPCs a test
// scripts, records every call, and is unreachable for anything else. The device database is the harness's.
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import { createDataSource } from '../../../src/data/source.ts';
import type { PortalRuntime } from '../../../src/state/runtime.ts';
import { fakeRuntime } from './harness.tsx';

export type RpcAnswer = { data: unknown; error: null } | { data: null; error: { message: string; status?: number } };

export interface RpcServer {
  runtime: PortalRuntime;
  /** Every RPC asked for, in order, with its arguments. */
  calls: { name: string; args: unknown }[];
  /** What the RPC of that name answers from now on. */
  answer(name: string, reply: RpcAnswer | ((args: unknown) => RpcAnswer)): void;
}

export function rpcServer(): RpcServer {
  const fake = fakeRuntime();
  const replies = new Map<string, (args: unknown) => RpcAnswer>();
  const calls: RpcServer['calls'] = [];
  const supabase = {
    rpc: (name: string, args?: unknown) => {
      calls.push({ name, args });
      const reply = replies.get(name);
      if (reply === undefined) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(reply(args));
    },
  } as unknown as PortalSupabase;
  return {
    runtime: { ...fake.runtime, data: createDataSource(supabase, fake.db) },
    calls,
    answer(name, reply) {
      replies.set(name, typeof reply === 'function' ? reply : () => reply);
    },
  };
}
