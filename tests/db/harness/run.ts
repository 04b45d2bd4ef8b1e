// How the suites meet an engine: one migrated database per engine, each test inside a transaction
// that is rolled back after it, and fixtures a describe block shares inside one more level that is
// rolled back after the block. Migrating once instead of copying a database per test is what keeps
// the suite fast (a PGlite copy cost about a second a test).
// One transaction per test means now() is the same for every request of a test: to let time pass,
// move stored instants back, as the RPC suite does.
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import type { Engine, EngineKind } from './engine.ts';
import type { Session } from './session.ts';

export interface DbContext {
  /** The engine's name, for messages. */
  readonly engineName: string;
  /** The shared migrated database, usable inside tests and hooks. */
  readonly db: Session;
  /** The running engine, for tests that need a blank database or several sessions. */
  engine(): Engine;
}

/** An object that forwards to what `current` returns once the hooks have set it. */
function late<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, property) {
      const target = current();
      if (!target) throw new Error(`${what} is only available inside tests and hooks`);
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Runs `suites` against one engine, or reports why the engine cannot run here. */
export function describeEngine(kind: EngineKind, suites: (ctx: DbContext) => void): void {
  const reason = kind.unavailable();
  describe.runIf(reason === null)(reason ?? kind.name, () => {
    let engine: Engine | undefined;
    let session: Session | undefined;
    let undoTest: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      engine = await kind.start();
      session = await engine.migrated();
    });
    afterAll(async () => {
      await engine?.close();
    });
    beforeEach(async () => {
      undoTest = await session?.open();
    });
    afterEach(async () => {
      await undoTest?.();
    });

    suites({
      engineName: kind.name,
      db: late(() => session, 'the test database'),
      engine: () => {
        if (!engine) throw new Error('the engine starts in beforeAll');
        return engine;
      },
    });
  });
}

/**
 * Registers `setUp` to run once before the tests of the enclosing describe block, inside a
 * transaction level of its own that is rolled back after them: every test of the block starts from
 * what `setUp` wrote, and no other block sees it.
 */
export function sharedFixture<T>(ctx: DbContext, setUp: (db: Session) => Promise<T>): () => T {
  let value: { v: T } | undefined;
  let undo: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    undo = await ctx.db.open();
    value = { v: await setUp(ctx.db) };
  });
  afterAll(async () => {
    await undo?.();
  });
  return () => {
    if (!value) throw new Error('the fixture is only available inside tests');
    return value.v;
  };
}
