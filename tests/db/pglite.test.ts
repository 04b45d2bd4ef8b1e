// The database suites on PGlite, the embedded backend's database.
import { pglite } from './harness/pglite.ts';
import { describeDatabase } from './suites/all.ts';

describeDatabase(pglite);
