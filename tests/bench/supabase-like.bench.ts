// How long the database suite's Supabase-like engine takes to set up (build the new project's cluster,
// push the migrations as `postgres`), start to usable, and to stop. Run a few times for a median; the
// engine is skipped, as in the suite, where its builder or PostgreSQL 15 is missing.
import { supabaseLike } from '../db/harness/supabaseLike.ts';
import { median, ms, printTable, time, type Row } from './stats.ts';

const RUNS = Number(process.env.RUNS ?? 3);

const reason = supabaseLike.unavailable();
if (reason) {
  console.log(`The Supabase-like engine cannot run here: ${reason}`);
} else {
  const starts: number[] = [];
  const stops: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const [started, engine] = await time(() => supabaseLike.start());
    const [stopped] = await time(() => engine.close());
    starts.push(started);
    stops.push(stopped);
    console.log(`run ${i + 1}: set up ${ms(started)}, stopped ${ms(stopped)}`);
  }
  const rows: Row[] = [
    { measure: `set up, median of ${RUNS}`, figure: ms(median(starts)), goal: 'none (figure only)' },
    { measure: `stop, median of ${RUNS}`, figure: ms(median(stops)), goal: 'none (figure only)' },
  ];
  printTable('The Supabase-like engine', rows);
}
