// Requests as API roles, the way PostgREST runs one: a transaction (or, inside a test's own
// transaction, a savepoint), the caller's role and claims, the statement.
import type { Actor, Session, Tx } from './session.ts';

export type { Actor, Tx };

/** Runs `fn` as one request; it commits (or releases its savepoint) unless `fn` throws or `rollback` is asked for. */
export function tx<T>(db: Session, fn: (t: Tx) => Promise<T>, options: { rollback?: boolean } = {}): Promise<T> {
  return db.transaction(fn, options);
}

/** One statement as `actor`, as one PostgREST request would run it. */
export async function as<T = Record<string, unknown>>(db: Session, actor: Actor, text: string, params?: unknown[]): Promise<T[]> {
  return tx(db, async (t) => {
    await t.actAs(actor);
    return (await t.query<T>(text, params)).rows;
  });
}

/** Like `as`, but returns the error (with its SQLSTATE code) it must raise. */
export async function errorOf(db: Session, actor: Actor, text: string, params?: unknown[]): Promise<{ code: string; message: string }> {
  try {
    await as(db, actor, text, params);
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { code: code ?? '', message };
  }
  throw new Error(`expected an error from: ${text}`);
}
