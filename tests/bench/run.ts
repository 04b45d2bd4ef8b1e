// `npm run bench`: every benchmark in turn, each in its own process so one's warm caches and
// garbage do not colour the next. Figures only: nothing here fails on time.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  // A name picks the benchmarks whose file name starts with it: 'load' is load.bench.ts, never offline-reload.bench.ts.
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();

let failed = 0;
for (const bench of benches) {
  console.log(`\n=== ${bench}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, bench)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
if (failed > 0) {
  console.error(`\n${failed} benchmark(s) could not run to the end.`);
  process.exit(1);
}
