import { describe } from 'vitest';
import { PG15_BIN, pg15Engine, pg15Installed, pgliteEngine } from './harness.ts';
import { rpcSuite } from './suites/rpc.ts';

rpcSuite('PGlite', pgliteEngine);

describe.runIf(pg15Installed)(pg15Installed ? 'PostgreSQL 15' : `PostgreSQL 15 not installed (no ${PG15_BIN}/initdb)`, () => {
  rpcSuite('PostgreSQL 15', pg15Engine);
});
