// The few parts of a Supabase client the area hooks call, for tests that need the server's answer:
// a PostgREST query chain that records its steps and answers what the test says.
import type { PortalSupabase } from '../../../src/backend/supabase.ts';

export interface Query {
  table: string;
  /** Each builder call, as [method, ...arguments]. */
  steps: unknown[][];
}

export type Answer = { data: unknown; error: { message: string; code?: string; status?: number } | null };

/** `from(table)` whose chain (select, eq, update, insert...) answers `answer(query)` when awaited or at maybeSingle(). */
export function fakeFrom(answer: (query: Query) => Answer, queries: Query[] = []): PortalSupabase['from'] {
  return ((table: string) => {
    const query: Query = { table, steps: [] };
    queries.push(query);
    const builder: object = new Proxy(
      {},
      {
        get(_target, property) {
          if (property === 'then') {
            const answered = Promise.resolve(answer(query));
            return answered.then.bind(answered);
          }
          return (...args: unknown[]) => {
            query.steps.push([String(property), ...args]);
            return property === 'maybeSingle' || property === 'single' ? Promise.resolve(answer(query)) : builder;
          };
        },
      },
    );
    return builder;
  }) as unknown as PortalSupabase['from'];
}

/** A server with the given parts: anything else a hook reaches for fails the test. */
export function fakeServer(parts: Record<string, unknown>): Partial<PortalSupabase> {
  return new Proxy(parts, {
    get(target, property) {
      if (typeof property === 'string' && !(property in target)) throw new Error(`this test's server has no ${property}`);
      return target[property as string];
    },
  });
}
