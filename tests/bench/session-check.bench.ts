// What refusing a signed-out token costs each request (issue 26, item 11): the embedded backend runs
// app_rls.require_live_session before every REST and RPC request of a signed-in student, one
// primary-key lookup in auth.sessions. Here a request's transaction, written out as the backend runs
// it (claims and role, then a one-row read), with and without the check, alternating, on a database
// holding a school's sessions (1,000 students, 3 devices each). Figures only.
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../supabase/embedded/database.ts';
import { median, ms, percentile, printTable, time, type Row } from './stats.ts';

const ROUNDS = 500;
const WARM_UP = 50;
const STUDENTS = 1000;
const DEVICES = 3;

const database = await openDatabase({ dataDir: 'memory' });
try {
  await database.run(async (tx) => {
    await tx.query(`insert into auth.users (email) select 'bench-' || g || '@example.test' from generate_series(1, $1) g`, [STUDENTS]);
    await tx.query('insert into auth.sessions (user_id) select u.id from auth.users u, generate_series(1, $1)', [DEVICES]);
  });
  const picked = await database.run((tx) => tx.query<{ id: string; user_id: string }>('select id, user_id from auth.sessions order by random() limit 1'));
  const session = picked.rows[0];
  if (!session) throw new Error('no session made');
  const claims = JSON.stringify({ sub: session.user_id, role: 'authenticated', aud: 'authenticated', session_id: session.id, aal: 'aal1' });

  const request = (check: boolean) =>
    database.run(async (tx) => {
      await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [claims]);
      if (check) await tx.query('select app_rls.require_live_session()');
      return tx.query('select username from public.my_users where user_id = $1', [session.user_id]);
    });
  // The lookup alone, inside one transaction: what the database spends, without the thread hop.
  const lookupOnly = () =>
    database.run(async (tx) => {
      await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [claims]);
      const [took] = await time(() => tx.query('select app_rls.require_live_session()'));
      return took;
    });

  const without: number[] = [];
  const withCheck: number[] = [];
  const lookups: number[] = [];
  for (let i = 0; i < WARM_UP + ROUNDS; i += 1) {
    const [plain] = await time(() => request(false));
    const [checked] = await time(() => request(true));
    const lookup = await lookupOnly();
    if (i >= WARM_UP) {
      without.push(plain);
      withCheck.push(checked);
      lookups.push(lookup);
    }
  }
  // A token whose session is gone is refused, so the check above did find the session.
  const refused = await database
    .run(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'authenticated', sub: session.user_id, session_id: randomUUID() })]);
      await tx.query('select app_rls.require_live_session()');
      return 'passed';
    })
    .catch((error: { code?: string }) => error.code ?? 'no code');
  if (refused !== 'PT401') throw new Error(`a token of no session was not refused: ${refused}`);

  const rows: Row[] = [
    { measure: `request transaction without the check (median of ${ROUNDS})`, figure: ms(median(without)), goal: '-' },
    { measure: `the same with app_rls.require_live_session (median of ${ROUNDS})`, figure: ms(median(withCheck)), goal: '-' },
    { measure: 'added per request (difference of medians)', figure: ms(median(withCheck) - median(without)), goal: '-' },
    { measure: `the check's statement alone, p50 / p95 (${STUDENTS * DEVICES} sessions)`, figure: `${ms(median(lookups))} / ${ms(percentile(lookups, 95))}`, goal: '-' },
  ];
  printTable('Session check on the embedded backend (PGlite)', rows);
} finally {
  await database.close();
}
