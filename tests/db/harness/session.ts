// One connection to a test database, and how the tests use it: nested transactions (a transaction at
// the outermost level, savepoints inside it), so that a whole test, a describe block's fixture or one
// request can each be undone, and requests made as an API role the way PostgREST makes them.

export interface QueryResult<T> {
  rows: T[];
  /** Rows returned, or rows changed by an insert, update or delete without RETURNING. */
  rowCount: number;
}

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Several statements at once, no parameters. */
  exec(text: string): Promise<void>;
}

/** What an engine's driver offers: statements on one connection, and closing it. */
export interface Connection extends Sql {
  close(): Promise<void>;
}

/** null acts as the anon role; a user id acts as that signed-in user. */
export type Actor = string | null;

/**
 * How a request becomes an API role inside the current transaction, and how the tests' own work goes
 * back to the operator (the role that applied the migrations). Engines differ here: the plain ones
 * switch a superuser session with `set local role`; a hosted-like one may go through `authenticator`.
 */
export interface RequestRoles {
  actAs(sql: Sql, actor: Actor): Promise<void>;
  actAsOperator(sql: Sql): Promise<void>;
}

/** PostgREST's way: the JWT claims as a transaction-local setting, then `set local role`. */
export const setLocalRole: RequestRoles = {
  async actAs(sql, actor) {
    const claims = actor === null ? { role: 'anon' } : { sub: actor, role: 'authenticated', aud: 'authenticated' };
    await sql.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await sql.exec(actor === null ? 'set local role anon' : 'set local role authenticated');
  },
  async actAsOperator(sql) {
    await sql.exec(`set local role none; select set_config('request.jwt.claims', '', true)`);
  },
};

export interface Tx extends Sql {
  /** Switch to the API role of `actor` until this transaction (or savepoint) ends; operator work must come first. */
  actAs(actor: Actor): Promise<void>;
}

/** What the shape of auth.users allows: the plain bootstrap's, or GoTrue's with instance_id and identities. */
export interface AuthShape {
  usersColumns: ReadonlySet<string>;
  identities: boolean;
}

interface Level {
  /** 0 for a transaction, more for a savepoint inside one. */
  depth: number;
  savepoint: string;
}

export class Session implements Sql {
  #depth = 0;
  #savepoints = 0;

  constructor(
    private readonly connection: Connection,
    readonly roles: RequestRoles,
    readonly auth: AuthShape,
  ) {}

  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<T>> {
    return this.connection.query<T>(text, params);
  }

  exec(text: string): Promise<void> {
    return this.connection.exec(text);
  }

  /** Opens a transaction level (a transaction, or a savepoint inside one); the result undoes it. */
  async open(): Promise<() => Promise<void>> {
    const level = await this.#begin();
    let undone = false;
    return async () => {
      if (undone) return;
      undone = true;
      // Rolling back a level also ends any inner one a failed test left open.
      await this.#rollback(level);
    };
  }

  /**
   * Runs `fn` as one request: in its own transaction, or in a savepoint of the one already open, so it
   * commits (is released) unless `fn` throws or `rollback` is asked for. Afterwards the session acts as
   * the operator again.
   */
  async transaction<T>(fn: (t: Tx) => Promise<T>, options: { rollback?: boolean } = {}): Promise<T> {
    const level = await this.#begin();
    const t: Tx = {
      query: (text, params) => this.query(text, params),
      exec: (text) => this.exec(text),
      actAs: (actor) => this.roles.actAs(this, actor),
    };
    let result: T;
    try {
      result = await fn(t);
    } catch (error) {
      await this.#rollback(level);
      throw error;
    }
    if (options.rollback) await this.#rollback(level);
    else await this.#commit(level);
    return result;
  }

  close(): Promise<void> {
    return this.connection.close();
  }

  async #begin(): Promise<Level> {
    const level = { depth: this.#depth, savepoint: `s${(this.#savepoints += 1)}` };
    await this.exec(level.depth === 0 ? 'begin' : `savepoint ${level.savepoint}`);
    this.#depth = level.depth + 1;
    return level;
  }

  async #rollback(level: Level): Promise<void> {
    this.#depth = level.depth;
    await this.exec(level.depth === 0 ? 'rollback' : `rollback to savepoint ${level.savepoint}`);
  }

  async #commit(level: Level): Promise<void> {
    this.#depth = level.depth;
    if (level.depth === 0) {
      await this.exec('commit');
      return;
    }
    try {
      await this.roles.actAsOperator(this);
      await this.exec(`release savepoint ${level.savepoint}`);
    } catch (error) {
      // The request caught an error of its own: as COMMIT does in a failed transaction, roll back.
      if ((error as { code?: string }).code !== '25P02') throw error;
      await this.#rollback(level);
    }
  }
}

/** Reads what auth.users looks like on this database, so test users are made as its auth server would. */
export async function readAuthShape(sql: Sql): Promise<AuthShape> {
  const { rows } = await sql.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_schema = 'auth' and table_name = 'users'`,
  );
  const identities = await sql.query<{ t: string | null }>(`select to_regclass('auth.identities')::text as t`);
  return { usersColumns: new Set(rows.map((r) => r.column_name)), identities: identities.rows[0]?.t != null };
}
