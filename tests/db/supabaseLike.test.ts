// The database suites on a Supabase-like PostgreSQL 15 (hosted Supabase's roles, auth and storage
// schemas, supautils and its current default of no automatic grants), with the migrations applied as
// the non-superuser postgres. SUPABASE_LIKE_DIR names the builder's folder; .ci/run sets it.
import { supabaseLike } from './harness/supabaseLike.ts';
import { describeDatabase } from './suites/all.ts';

describeDatabase(supabaseLike);
