// A server for the game page's hooks (scores, saves, runs): answers the RPCs and table reads a test gives, records every
// call, and says "unreachable" for anything else, so a hook that asks what it should not is seen doing so.
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import { createDataSource } from '../../../src/data/source.ts';
import type { PortalRuntime } from '../../../src/state/runtime.ts';
import type { FakeRuntime } from './harness.tsx';

type Answer = { data: unknown; error: { message: string } | null };

export interface FakeSupabase {
  /** Answers by RPC name; an RPC with no answer fails as an unreachable server does. */
  rpc: Record<string, (args: Record<string, unknown>) => Answer | Promise<Answer>>;
  /** Rows by table name, for `.from(table).select().eq(...).maybeSingle()`: the first row whose columns match. */
  tables: Record<string, Record<string, unknown>[]>;
  /** What was asked, in order: 'rpc:name', 'from:table', 'remove:bucket'. */
  calls: string[];
  removed: string[];
  /** While set, table reads wait for it before answering (a slow network). */
  gate: Promise<void> | null;
  client: PortalSupabase;
}

export function fakeSupabase(): FakeSupabase {
  const fake: FakeSupabase = { rpc: {}, tables: {}, calls: [], removed: [], gate: null, client: null as unknown as PortalSupabase };
  const unreachable: Answer = { data: null, error: { message: 'Failed to fetch' } };
  fake.client = {
    rpc: async (name: string, args: Record<string, unknown> = {}) => {
      fake.calls.push(`rpc:${name}`);
      const answer = fake.rpc[name];
      return answer === undefined ? unreachable : answer(args);
    },
    from: (table: string) => {
      fake.calls.push(`from:${table}`);
      const filters: [string, unknown][] = [];
      const query = {
        select: () => query,
        eq: (column: string, value: unknown) => {
          filters.push([column, value]);
          return query;
        },
        maybeSingle: async (): Promise<Answer> => {
          if (fake.gate !== null) await fake.gate;
          const rows = fake.tables[table];
          if (rows === undefined) return unreachable;
          return { data: rows.find((row) => filters.every(([column, value]) => row[column] === value)) ?? null, error: null };
        },
      };
      return query;
    },
    storage: {
      from: (bucket: string) => ({
        remove: async (paths: string[]) => {
          fake.calls.push(`remove:${bucket}`);
          fake.removed.push(...paths);
          return { data: [], error: null };
        },
      }),
    },
  } as unknown as PortalSupabase;
  return fake;
}

/** The fake runtime of the harness with this server behind its data source (the same device database). */
export function withServer(fake: FakeRuntime, server: FakeSupabase): PortalRuntime {
  return { ...fake.runtime, data: createDataSource(server.client, fake.db) };
}
