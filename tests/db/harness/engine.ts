// What a database engine gives the suites. The suites know nothing else about the engine, so another
// one (a hosted-like PostgreSQL where the migrations are applied as a non-superuser) is one more
// implementation of this interface and one more runner file.
import type { SqlFile } from './files.ts';
import type { Session, Sql } from './session.ts';

export interface IsolatedDatabase {
  /** Another connection to this database. */
  connect(): Promise<Session>;
  drop(): Promise<void>;
}

export interface Engine {
  readonly name: string;
  /**
   * The database the suites share: the platform plus every migration, applied once per engine. Each
   * test runs inside a transaction that is rolled back, so every test starts from this state.
   */
  migrated(): Promise<Session>;
  /** A new database holding only what the platform provides before any migration (roles, auth, storage). */
  blank(): Promise<Session>;
  /**
   * A private copy of the migrated database that several connections can use at once, for tests of
   * concurrent requests; absent where the engine has a single connection (PGlite).
   */
  isolated?(): Promise<IsolatedDatabase>;
  close(): Promise<void>;
}

export interface EngineKind {
  readonly name: string;
  /** Whether several sessions can use one database at once (then `Engine.isolated` exists). */
  readonly manySessions: boolean;
  /** Why the engine cannot run on this machine, or null when it can. */
  unavailable(): string | null;
  start(): Promise<Engine>;
}

/** Applies SQL files one by one, naming the file that failed. */
export async function applyFiles(sql: Sql, files: SqlFile[], engineName: string): Promise<void> {
  for (const file of files) {
    try {
      await sql.exec(file.sql);
    } catch (error) {
      throw new Error(`${file.name} failed on ${engineName}: ${(error as Error).message}`);
    }
  }
}
