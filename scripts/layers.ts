// `npm run layers`: the figures that say whether the code has the layers the design describes.
// It reads the import statements of src/ and tests/ (static, re-exports and dynamic import()) and prints:
//   - files under src/features that reach the Supabase client: call it (x.supabase.from/rpc/auth/storage/functions)
//     or hold it to pass on;
//   - files under src/features that read or write Dexie tables in place (db.<table>);
//   - .ts/.tsx imports from one src/features/<area> to another, and the pairs of areas that import each other;
//   - import edges between the top-level layers (app, features, data, sync, domain, backend, ui), each direction;
//   - src .ts modules that no file under tests/ imports;
//   - runtime null checks in pages (src/features): a page that asks whether the runtime has loaded is wiring it;
//   - the React Compiler's reports (set-state-in-effect, refs) on src, by rule;
//   - the largest files under src.
// `--json` prints the same as one JSON object, for a script or a note.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { ESLint } from 'eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// From the top: app wires the routes; features render; state owns the runtime, the session and each area's
// reads and outcomes (one hook module per area); data reads and writes; sync drains the outbox; store is the
// Dexie schema and mirror both stand on; domain decides; ui draws.
const LAYERS = ['app', 'features', 'state', 'data', 'sync', 'store', 'domain', 'backend', 'ui'] as const;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const isCode = (path: string) => /\.(ts|tsx|mjs)$/.test(path);

/** Repository-relative with forward slashes, so the output reads the same on every system. */
function rel(path: string): string {
  return relative(root, path).split(sep).join('/');
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The repository files a module imports (relative specifiers only; packages are not edges). */
export function importsOf(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (specifier === undefined || !specifier.startsWith('.')) continue;
    found.push(rel(resolve(dirname(file), specifier)));
  }
  return found;
}

/** 'src/features/shop/ShopPage.tsx' -> 'features'; files straight under src/ have no layer. */
function layerOf(path: string): string | null {
  const parts = path.split('/');
  return parts[0] === 'src' && parts.length > 2 && (LAYERS as readonly string[]).includes(parts[1]!) ? parts[1]! : null;
}

function featureOf(path: string): string | null {
  const parts = path.split('/');
  return parts[0] === 'src' && parts[1] === 'features' && parts.length > 3 ? parts[2]! : null;
}

const CLIENT_CALL = /\bsupabase\s*\.\s*(from|rpc|auth|storage|functions)\b/;
/** A Dexie table read or written in place: what the named read functions of src/data are for. */
const TABLE_USE = /\bdb\s*\.\s*(apps|profile|publicProfiles|items|shopItems|coins|ledger|streak|leaderboards|cache|outbox|favourites|chatMessages|transaction)\b/;
/** Calling it, or holding it to pass on: `runtime.supabase`, the client's type, or supabase-js itself. */
const CLIENT_REACH = /\bsupabase\s*\.\s*(from|rpc|auth|storage|functions)\b|\.supabase\b|\bPortalSupabase\b|from '@supabase\/supabase-js'/;

/** `runtime === null`, `runtime !== null`, `!runtime`, `runtime?.`, `runtime ?? …`: a page checking whether the runtime is there. */
const RUNTIME_CHECK = /\bruntime\s*[!=]==?\s*null\b|!\s*runtime\b(?!\s*[.(])|\bruntime\s*\?\.|\bruntime\s*\?\?/g;

/** The React Compiler's rules, as `react-hooks` recommends them (the rules of hooks and dependency lists stay in the lint). */
const COMPILER_RULES = Object.keys(reactHooks.configs['recommended-latest'].rules).filter(
  (rule) => rule !== 'react-hooks/rules-of-hooks' && rule !== 'react-hooks/exhaustive-deps',
);

async function compilerReports(): Promise<Record<string, number>> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['src/**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
        // Only its rules: the package's own type says more about its configs than ESLint's Plugin accepts.
        plugins: { 'react-hooks': { rules: reactHooks.rules } },
        rules: Object.fromEntries(COMPILER_RULES.map((rule) => [rule, 'error'])),
        linterOptions: { reportUnusedDisableDirectives: 'off' },
      },
    ],
  });
  const counts: Record<string, number> = {};
  for (const result of await eslint.lintFiles(['src/**/*.{ts,tsx}'])) {
    for (const message of result.messages) {
      const rule = message.ruleId ?? 'parse error';
      counts[rule] = (counts[rule] ?? 0) + 1;
    }
  }
  return counts;
}

export interface Figures {
  featureFilesCallingClient: string[];
  featureFilesReachingClient: string[];
  featureFilesQueryingTables: string[];
  featureImports: number;
  twoWayPairs: string[];
  layerEdges: Record<string, number>;
  srcTsModules: number;
  untestedTsModules: string[];
  runtimeChecksInPages: Record<string, number>;
  largestFiles: { path: string; lines: number }[];
}

export function measure(): Figures {
  const srcFiles = walk(join(root, 'src')).filter(isCode);
  const testFiles = walk(join(root, 'tests')).filter(isCode);
  const text = new Map([...srcFiles, ...testFiles].map((file) => [file, readFileSync(file, 'utf8')]));

  const inFeatures = (pattern: RegExp) =>
    srcFiles
      .filter((file) => featureOf(rel(file)) !== null && pattern.test(text.get(file)!))
      .map(rel)
      .sort();
  const featureFilesCallingClient = inFeatures(CLIENT_CALL);
  const featureFilesReachingClient = inFeatures(CLIENT_REACH);
  const featureFilesQueryingTables = inFeatures(TABLE_USE);

  let featureImports = 0;
  const featurePairs = new Set<string>();
  const layerEdges: Record<string, number> = {};
  for (const file of srcFiles) {
    const from = rel(file);
    for (const to of importsOf(file, text.get(file)!)) {
      if (!/\.(ts|tsx)$/.test(to)) continue;
      const a = featureOf(from);
      const b = featureOf(to);
      if (a !== null && b !== null && a !== b) {
        featureImports += 1;
        featurePairs.add(`${a}->${b}`);
      }
      const la = layerOf(from);
      const lb = layerOf(to);
      if (la !== null && lb !== null && la !== lb) layerEdges[`${la}->${lb}`] = (layerEdges[`${la}->${lb}`] ?? 0) + 1;
    }
  }
  const twoWayPairs = [...featurePairs]
    .map((pair) => pair.split('->') as [string, string])
    .filter(([a, b]) => a < b && featurePairs.has(`${b}->${a}`))
    .map(([a, b]) => `${a}<->${b}`)
    .sort();

  const tested = new Set(testFiles.flatMap((file) => importsOf(file, text.get(file)!)));
  const srcTs = srcFiles.filter((file) => file.endsWith('.ts')).map(rel);
  const untestedTsModules = srcTs.filter((path) => !tested.has(path)).sort();

  const runtimeChecksInPages: Record<string, number> = {};
  for (const file of srcFiles) {
    if (featureOf(rel(file)) === null) continue;
    const found = text.get(file)!.match(RUNTIME_CHECK)?.length ?? 0;
    if (found > 0) runtimeChecksInPages[rel(file)] = found;
  }
  const largestFiles = srcFiles
    .map((file) => ({ path: rel(file), lines: text.get(file)!.split('\n').length }))
    .sort((a, b) => b.lines - a.lines)
    .slice(0, 10);

  return {
    featureFilesCallingClient,
    featureFilesReachingClient,
    featureFilesQueryingTables,
    featureImports,
    twoWayPairs,
    layerEdges,
    srcTsModules: srcTs.length,
    untestedTsModules,
    runtimeChecksInPages,
    largestFiles,
  };
}

function print(figures: Figures, compiler: Record<string, number>): void {
  const calling = new Set(figures.featureFilesCallingClient);
  console.log(
    `Files under src/features that reach the Supabase client: ${figures.featureFilesReachingClient.length} ` +
      `(${calling.size} call it, the others pass it on)`,
  );
  for (const file of figures.featureFilesReachingClient) console.log(`  ${file}${calling.has(file) ? '' : '  (passes it on)'}`);
  console.log(`\nFiles under src/features that query Dexie tables themselves: ${figures.featureFilesQueryingTables.length}`);
  for (const file of figures.featureFilesQueryingTables) console.log(`  ${file}`);
  console.log(`\nImports from one src/features area to another: ${figures.featureImports}`);
  console.log(`Areas that import each other: ${figures.twoWayPairs.length}${figures.twoWayPairs.length > 0 ? ` (${figures.twoWayPairs.join(', ')})` : ''}`);
  console.log('\nImport edges between layers (from -> to):');
  const present = LAYERS.filter((layer) => Object.keys(figures.layerEdges).some((edge) => edge.split('->').includes(layer)));
  const width = Math.max(...present.map((l) => l.length)) + 2;
  console.log(`${'from \\ to'.padEnd(width + 2)}${present.map((l) => l.padStart(width)).join('')}`);
  for (const from of present) {
    const cells = present.map((to) => (from === to ? '·' : String(figures.layerEdges[`${from}->${to}`] ?? 0)).padStart(width));
    console.log(`${from.padEnd(width + 2)}${cells.join('')}`);
  }
  const checks = Object.entries(figures.runtimeChecksInPages);
  console.log(`\nRuntime null checks in pages (src/features): ${checks.reduce((sum, [, n]) => sum + n, 0)} in ${checks.length} files`);
  for (const [file, n] of checks) console.log(`  ${file}: ${n}`);
  const reports = Object.entries(compiler);
  console.log(`\nReact Compiler reports on src: ${reports.reduce((sum, [, n]) => sum + n, 0)}`);
  for (const [rule, n] of reports) console.log(`  ${rule}: ${n}`);
  console.log('\nLargest files under src (lines):');
  for (const { path, lines } of figures.largestFiles) console.log(`  ${String(lines).padStart(5)}  ${path}`);
  console.log(`\nsrc .ts modules no test imports: ${figures.untestedTsModules.length} of ${figures.srcTsModules}`);
  for (const file of figures.untestedTsModules) console.log(`  ${file}`);
}

const figures = measure();
const compiler = await compilerReports();
if (process.argv.includes('--json')) console.log(JSON.stringify({ ...figures, compilerReports: compiler }, null, 2));
else print(figures, compiler);
