import { describe } from 'vitest';
import { PG15_BIN, pg15Engine, pg15Installed, pgliteEngine } from './harness.ts';
import { rlsSuite } from './suites/rls.ts';

rlsSuite('PGlite', pgliteEngine);

describe.runIf(pg15Installed)(pg15Installed ? 'PostgreSQL 15' : `PostgreSQL 15 not installed (no ${PG15_BIN}/initdb)`, () => {
  rlsSuite('PostgreSQL 15', pg15Engine);
});
