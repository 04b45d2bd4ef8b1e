// What a game's achievements page costs with a year of unlocks (issue 29): public.get_achievements
// reads each achievement's unlock count from app_private.achievement_counts, one row per achievement
// kept by the unlock, instead of counting the unlocks. Measured on PGlite with 2,000 students who
// each unlocked about half of the 74 achievements over a year (about 74,000 unlocks), beside the
// count over all unlocks it replaces, and the cost of one unlock (checks, ledger, counter).
import { createPlayer } from '../db/harness/fixtures.ts';
import { pglite } from '../db/harness/pglite.ts';
import { as } from '../db/harness/requests.ts';
import { median, ms, printTable, time, type Row } from './stats.ts';

const STUDENTS = 2000;
const RUNS = 40;

const engine = await pglite.start();
try {
  const db = await engine.migrated();
  const students: string[] = [];
  for (let i = 0; i < STUDENTS; i++) students.push(await createPlayer(db, `bench_badges_${i}`));
  await db.query(`insert into public.apps_played (user_id, app_id) select user_id, 'snake' from public.my_users`);
  await db.query(
    `insert into public.achievement_unlocks (user_id, achievement_id, run_id, unlocked_at)
     select p.user_id, a.id, gen_random_uuid(), now() - random() * interval '365 days'
       from public.my_users p cross join public.achievements a where random() < 0.5`,
  );
  await db.query(
    `insert into app_private.achievement_counts (achievement_id, unlocks)
     select achievement_id, count(*) from public.achievement_unlocks group by achievement_id`,
  );
  const total = (await db.query<{ n: number }>('select count(*)::int as n from public.achievement_unlocks')).rows[0]?.n ?? 0;
  await db.query('analyze');

  const student = students[0]!;
  const page: number[] = [];
  const counted: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    page.push((await time(() => as(db, student, `select * from public.get_achievements('snake')`)))[0]);
    counted.push((await time(() => db.query(
      `select a.id, count(u.id) from public.achievements a left join public.achievement_unlocks u on u.achievement_id = a.id and u.revoked_at is null
        where a.app_id = 'snake' group by a.id`,
    )))[0]);
  }

  // One unlock each of a fresh student, in a run the server saw start a minute ago.
  const unlocks: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const fresh = await createPlayer(db, `bench_fresh_${run}`);
    const runId = crypto.randomUUID();
    await as(db, fresh, 'select public.start_game_run($1, $2)', ['snake', runId]);
    unlocks.push((await time(() => as(db, fresh, 'select public.unlock_achievement($1, $2, $3, $4)', ['snake', 'first-apple', runId, crypto.randomUUID()])))[0]);
  }

  const rows: Row[] = [
    { measure: `unlocks in the database`, figure: total.toLocaleString('en-US'), goal: '-' },
    { measure: `get_achievements('snake') as a student (the counter)`, figure: ms(median(page)), goal: '-' },
    { measure: `count over every unlock of Snake's achievements (what the counter replaces)`, figure: ms(median(counted)), goal: '-' },
    { measure: 'unlock_achievement (checks, ledger, counter)', figure: ms(median(unlocks)), goal: '-' },
  ];
  printTable(`Achievements with a year of unlocks on PGlite (median of ${RUNS})`, rows);
} finally {
  await engine.close();
}
