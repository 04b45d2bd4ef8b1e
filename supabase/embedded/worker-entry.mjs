// The first module of every worker thread of the embedded backend. Worker threads do not inherit
// the parent's TypeScript loader, so this plain module registers tsx and then loads the worker's
// own TypeScript entry, named by the parent in workerData.entry.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
