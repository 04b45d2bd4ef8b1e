// The database suites on a throw-away PostgreSQL 15 cluster (hosted Supabase runs PostgreSQL 15).
import { postgres15 } from './harness/postgres15.ts';
import { describeDatabase } from './suites/all.ts';

describeDatabase(postgres15);
