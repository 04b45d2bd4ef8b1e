// The SQL the database tests build from: the local bootstrap (what hosted Supabase provides), the
// migrations and the local seed.
import { schemaFiles, seedFile, type SqlFile } from '../../../scripts/gen-db-types.ts';

export { seedFile, type SqlFile };

/** The bootstrap, which stands in for the platform before any migration. */
export function bootstrapFile(): SqlFile {
  const [bootstrap] = schemaFiles();
  if (!bootstrap) throw new Error('no bootstrap file');
  return bootstrap;
}

/** supabase/migrations/*.sql in the order they apply. */
export function migrationFiles(): SqlFile[] {
  return schemaFiles().slice(1);
}
