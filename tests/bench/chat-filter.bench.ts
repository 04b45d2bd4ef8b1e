// What the chat's word filter costs a message on PGlite (issue 26, item 6): a student's insert into
// chat_messages (the trigger masks, folds and matches, then holds the rate limits) for a short hello,
// for 500 characters of ordinary text, with a blocked word, with a disguised one, and for hostile
// messages of 500 characters built to make a matcher work hard; beside the filter's own functions
// called alone. Each insert is undone before the next, so the rate limits never refuse one.
import { createPlayer, ageAccount } from '../db/harness/fixtures.ts';
import { pglite } from '../db/harness/pglite.ts';
import { as } from '../db/harness/requests.ts';
import { median, ms, printTable, time, type Row } from './stats.ts';

const RUNS = 40;

const ordinary = 'We beat the level on the third try, then the boss came back with two lives and a shield. '.repeat(6).slice(0, 500);
const cases: [string, string][] = [
  ['a short hello', 'hi all'],
  ['500 characters of ordinary text', ordinary],
  ['500 characters with a plain blocked word (masked)', ordinary.slice(0, 490) + ' fucking!'],
  ['500 characters with a disguised word (refused)', ordinary.slice(0, 490) + ' f u c k u'],
  ['500 characters of look-alike letters', '\uff57\uff45 \u0432\u0435\u0430t the level '.repeat(25).slice(0, 500)],
  ['hostile: 250 f then 250 u', 'f'.repeat(250) + 'u'.repeat(250)],
  ['hostile: "f u " 125 times', 'f u '.repeat(125)],
  ['hostile: "sh " 166 times, then "it"', 'sh '.repeat(166) + 'it'],
  ['hostile: "class" 100 times', 'class'.repeat(100)],
  ['hostile: "fu" and a Hangul filler, 166 times', 'fu\u3164'.repeat(166) + 'ck'],
  ['hostile: "cocktail" 62 times', 'cocktail'.repeat(62)],
  ['hostile: every allowed neighbour of a blocked word', 'cocktail shitake dickens scunthorpe who re sh it snigger retardant fagot rapper '.repeat(7).slice(0, 500)],
  ['hostile: 500 different characters outside ASCII', Array.from({ length: 500 }, (_, i) => String.fromCodePoint(0x4e00 + i * 7)).join('')],
];

const engine = await pglite.start();
try {
  const db = await engine.migrated();
  const student = await createPlayer(db, 'bench_filter');
  await ageAccount(db, student);
  const rows: Row[] = [];
  for (const [name, body] of cases) {
    const inserts: number[] = [];
    const filter: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const [took] = await time(() =>
        as(db, student, 'insert into public.chat_messages (user_id, body) values ($1, $2)', [student, body]).catch(() => undefined),
      );
      inserts.push(took);
      await db.query('delete from public.chat_messages where user_id = $1', [student]);
      const [alone] = await time(() => db.query('select app_private.chat_normal_form(app_private.mask_blocked_words($1))', [body]));
      filter.push(alone);
    }
    // The first runs compile the patterns; the median is the steady cost.
    rows.push({ measure: `${name}: insert / filter functions alone`, figure: `${ms(median(inserts))} / ${ms(median(filter))}`, goal: '-' });
  }
  printTable(`Chat word filter on PGlite (median of ${RUNS} per message)`, rows);
} finally {
  await engine.close();
}
