// The SQL the database tests build from: the local bootstrap (what hosted Supabase provides), the
// migrations, the declarative schema in the order supabase/config.toml gives it, and the local seed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot, schemaFiles, seedFile, type SqlFile } from '../../../scripts/gen-db-types.ts';

export { seedFile, type SqlFile };

const supabaseDir = join(repoRoot, 'supabase');
const schemasDir = join(supabaseDir, 'schemas');

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

/**
 * The `schema_paths` list of [db.migrations] in supabase/config.toml: strings, one or more a line,
 * with `#` comments. Only this one key is read, so no TOML library is needed; anything else there
 * is an error that names the line.
 */
export function schemaPaths(configText = readFileSync(join(supabaseDir, 'config.toml'), 'utf8')): string[] {
  const lines = configText.split('\n');
  const section = lines.findIndex((line) => line.trim() === '[db.migrations]');
  if (section < 0) throw new Error('supabase/config.toml has no [db.migrations] section');
  const start = lines.findIndex((line, i) => i > section && /^\s*schema_paths\s*=/.test(line));
  const nextSection = lines.findIndex((line, i) => i > section && /^\s*\[/.test(line));
  if (start < 0 || (nextSection >= 0 && start > nextSection)) throw new Error('[db.migrations] in supabase/config.toml has no schema_paths');
  const paths: string[] = [];
  let text = lines[start]!.replace(/^\s*schema_paths\s*=\s*/, '');
  for (let i = start; ; ) {
    const code = text.replace(/#.*$/, '');
    for (const match of code.matchAll(/"([^"]*)"/g)) paths.push(match[1]!);
    const rest = code.replace(/"[^"]*"/g, '').replace(/[\s,[]/g, '');
    if (rest === ']') return paths;
    if (rest !== '') throw new Error(`supabase/config.toml line ${i + 1}: schema_paths holds only "strings": ${lines[i]}`);
    i += 1;
    if (i >= lines.length) throw new Error('supabase/config.toml: schema_paths is never closed with ]');
    text = lines[i]!;
  }
}

function sqlFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sqlFilesUnder(path);
    return name.endsWith('.sql') ? [path] : [];
  });
}

/** Every .sql file under supabase/schemas, as paths relative to the repository. */
export function allSchemaFiles(): string[] {
  return existsSync(schemasDir) ? sqlFilesUnder(schemasDir).map((path) => relative(repoRoot, path)).sort() : [];
}

/**
 * What one schema_paths entry names, as the Supabase CLI reads it: a path relative to supabase/, whose
 * last part may hold `*` (files matched are taken in name order). Returns repository-relative paths.
 */
export function expandSchemaPath(entry: string): string[] {
  const path = join(supabaseDir, entry);
  const cut = path.lastIndexOf('/');
  const dir = path.slice(0, cut);
  const pattern = path.slice(cut + 1);
  if (/[*?[\]{}]/.test(dir)) throw new Error(`schema_paths entry ${entry}: only its file name may hold a wildcard`);
  if (!pattern.includes('*')) return existsSync(path) ? [relative(repoRoot, path)] : [];
  if (/[?[\]{}]/.test(pattern)) throw new Error(`schema_paths entry ${entry}: only * is supported as a wildcard`);
  const regex = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+^$()|\\]/g, '\\$&')).join('[^/]*')}$`);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => regex.test(name) && statSync(join(dir, name)).isFile())
    .sort()
    .map((name) => relative(repoRoot, join(dir, name)));
}

/** The declarative schema files in the order schema_paths gives, each once (its first match counts). */
export function declaredSchemaFiles(): SqlFile[] {
  const seen = new Set<string>();
  const files: SqlFile[] = [];
  for (const entry of schemaPaths()) {
    for (const path of expandSchemaPath(entry)) {
      if (seen.has(path)) continue;
      seen.add(path);
      files.push({ name: path, sql: readFileSync(join(repoRoot, path), 'utf8') });
    }
  }
  return files;
}
