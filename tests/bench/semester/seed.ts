// A school year of use, written straight into a migrated database with set-based SQL (generate_series),
// shaped as the app's own paths write it: auth.users and a profile per student, plays (a run each, one
// apps_played row per game played, the coin), the ledger, scores with their proof objects as the storage
// path stores them, moderators' decisions, chat, reports, takedown requests, creator applications, saves
// and the outbox's idempotency log. The guards (triggers) and foreign-key triggers are skipped while it
// runs (session_replication_role = replica): the rows are made consistent here, and a semester's pace
// rules could not be met in minutes anyway.

/** How many of each a semester holds at scale 1, as issue 26 counts them. */
export const SEMESTER = {
  students: 1000,
  plays: 200_000,
  ledger: 1_000_000,
  scores: 50_000,
  chat: 200_000,
  reportsAndTakedowns: 20_000,
  saves: 100_000,
  /** Games added to the catalogue over the year: 100 saves a student need 100 games. */
  extraGames: 100,
  creatorApplications: 2_000,
  moderators: 5,
  /** The desk-load attack: accounts, and pending scores each at every game's maximum. */
  hostile: 100,
  hostileScores: 70,
} as const;

export type Counts = { -readonly [K in keyof typeof SEMESTER]: number };

export function scaled(scale: number): Counts {
  const out = {} as Counts;
  for (const [key, value] of Object.entries(SEMESTER) as [keyof Counts, number][]) {
    out[key] = key === 'extraGames' || key === 'moderators' || key === 'hostileScores' ? value : Math.max(1, Math.round(value * scale));
  }
  return out;
}

/** The school year runs up to now; everything seeded falls in it. */
const DAYS = 270;

/** The accounts the timed reads act as, made the same way in the empty and the semester database. */
export const ACTORS = {
  student: '00000000-0000-4000-8000-000000000001',
  moderator: '00000000-0000-4000-8000-000000000002',
} as const;
export const ACTOR_NAMES = { student: 'semester_student', moderator: 'semester_mod' } as const;

/** The two actors, on either database: a student with a profile and streak, and a moderator. */
export const ACTORS_SQL = `
set local session_replication_role = replica;
insert into auth.users (id, email, email_confirmed_at)
values ('${ACTORS.student}', 'semester-student@example.test', now()), ('${ACTORS.moderator}', 'semester-mod@example.test', now());
insert into public.my_users (user_id, username) values ('${ACTORS.student}', '${ACTOR_NAMES.student}'), ('${ACTORS.moderator}', '${ACTOR_NAMES.moderator}');
insert into public.streak (user_id) values ('${ACTORS.student}'), ('${ACTORS.moderator}');
insert into public.moderators (user_id) values ('${ACTORS.moderator}');
-- Their signed-in sessions, numbered as their accounts (the tokens name them; see claimsFor).
insert into auth.sessions (id, user_id) values ('${ACTORS.student}', '${ACTORS.student}'), ('${ACTORS.moderator}', '${ACTORS.moderator}');
`;

/** Statements in order, each its own step so the seeding reports where its time went. */
export function semesterSql(c: Counts): [string, string][] {
  return [
    [
      'catalogue grows',
      `insert into public.apps (id, title, slug, category, description, url, created_at)
       select 'semester-game-' || g, 'Semester Game ' || g, 'semester-game-' || g, 'game', 'A game added during the year.',
              -- An operator's game lives on a web address (apps_url_web_address); nothing here loads it.
              'https://games.example.org/semester-game-' || g || '/', now() - (${DAYS} - g) * interval '1 day'
       from generate_series(1::bigint, ${c.extraGames}) g;
       insert into app_private.score_rules (app_id, max_score)
       select id, 10000 from public.apps a where id like 'semester-game-%' on conflict do nothing;
       create temp table sem_apps as
         select row_number() over (order by id) - 1 as n, id from public.apps where retired_at is null;
       create temp table sem_app_count as select count(*)::int as n from sem_apps;`,
    ],
    [
      'students (auth.users, profiles)',
      `create temp table sem_users as
         select i, (substr(md5('semester-user' || i), 1, 8) || '-' || substr(md5('semester-user' || i), 9, 4) || '-4' ||
                    substr(md5('semester-user' || i), 14, 3) || '-8' || substr(md5('semester-user' || i), 18, 3) || '-' ||
                    substr(md5('semester-user' || i), 21, 12))::uuid as id,
                now() - ${DAYS} * interval '1 day' + (i % 30) * interval '1 day' as joined,
                i <= ${c.moderators} as moderator, i > ${c.students} as hostile
         from generate_series(1::bigint, ${c.students + c.hostile}) i;
       create index on sem_users (i);
       insert into auth.users (id, email, email_confirmed_at, last_sign_in_at, created_at, updated_at)
       select id, 'student-' || i || '@semester.test', joined, now() - (i % 7) * interval '1 day', joined, joined from sem_users;
       insert into public.my_users (user_id, username, created_at, current_streak, longest_streak, time_spent, user_about)
       select id, 'user_' || substr(md5('name' || i), 1, 10), joined, i % 12, 12 + i % 40, (i * 37 % 2000) * 5,
              case when i % 3 = 0 then 'I like games.' end
       from sem_users;
       insert into public.streak (user_id, current_streak, longest_streak, last_claim)
       select id, i % 12, 12 + i % 40, now() - (i % 4) * interval '1 day' from sem_users;
       insert into public.moderators (user_id) select id from sem_users where moderator;
       -- The moderators and one student in 20 turned on an authenticator: every signed-in read checks it.
       insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret)
       select id, 'Phone', 'totp', 'verified', md5('totp' || i) from sem_users where moderator or i % 20 = 0;
       analyze sem_users;`,
    ],
    [
      `${c.plays} plays (runs, apps_played)`,
      `insert into app_private.game_runs (run_id, user_id, app_id, started_at)
       select gen_random_uuid(), u.id, a.id, now() - ((g * 7919) % (${DAYS} * 1440)) * interval '1 minute'
       from generate_series(1::bigint, ${c.plays}) g
       join sem_users u on u.i = 1 + g % ${c.students}
       join sem_apps a on a.n = (g / ${c.students}) % (select n from sem_app_count);
       insert into public.apps_played (user_id, app_id, updated_at)
       select user_id, app_id, max(started_at) from app_private.game_runs group by user_id, app_id;
       update public.my_users m set apps_played = p.n
       from (select user_id, count(*)::int as n from public.apps_played group by user_id) p where p.user_id = m.user_id;`,
    ],
    [
      `${c.ledger} ledger rows`,
      // One 'app played' coin per play; the rest streak claims, time ticks and purchases, spread over the year.
      `insert into public.coins_transactions (user_id, amt, why, created_at)
       select user_id, case when extract(doy from started_at)::int % 3 = 0 then 2 else 1 end,
              case when extract(doy from started_at)::int % 3 = 0 then 'app played (streak bonus x2)' else 'app played' end, started_at
       from app_private.game_runs;
       insert into public.coins_transactions (user_id, amt, why, created_at)
       select u.id,
              case g % 10 when 0 then 100 when 1 then -250 else 5 end,
              case g % 10 when 0 then 'streak claim' when 1 then 'bought cursor_arrow' else 'time spent' end,
              now() - ((g * 104729) % (${DAYS} * 86400)) * interval '1 second'
       from generate_series(1::bigint, greatest(0, ${c.ledger} - ${c.plays})) g
       join sem_users u on u.i = 1 + g % ${c.students};
       insert into public.items_unlocked (user_id, item, type, created_at)
       select u.id, s.id, s.type, u.joined + interval '3 days'
       from sem_users u cross join (select id, type from public.shop_items where listed order by id limit 6) s;
       -- The daily gains the ledger's trigger keeps (where the schema has them): triggers are off while seeding.
       do $seed$ begin
         if to_regclass('app_private.coins_gained_daily') is not null then
           insert into app_private.coins_gained_daily (day, user_id, amount)
           select (created_at at time zone 'UTC')::date, user_id, sum(amt) from public.coins_transactions where amt > 0 group by 1, 2;
         end if;
         if to_regclass('app_private.coins_gained_weekly') is not null then
           insert into app_private.coins_gained_weekly (week, user_id, amount)
           select date_trunc('week', created_at at time zone 'UTC')::date, user_id, sum(amt) from public.coins_transactions where amt > 0 group by 1, 2;
         end if;
       end $seed$;`,
    ],
    [
      `${c.scores} scores, half waiting with proofs`,
      `insert into public.leaderboard_submissions (user_id, app_id, score, created_at, review, play_ms, play_seen_ms)
       select u.id, a.id, (g * 31) % 5000, now() - ((g * 7727) % (${DAYS} * 1440)) * interval '1 minute',
              case when g % 2 = 0 then 'approved' else 'pending' end, 60000 + g % 300000, 60000 + g % 300000
       from generate_series(1::bigint, ${c.scores}) g
       join sem_users u on u.i = 1 + g % ${c.students}
       join sem_apps a on a.n = g % (select n from sem_app_count);
       insert into storage.objects (bucket_id, name, owner, owner_id, metadata, created_at, updated_at, last_accessed_at)
       select 'submissions', s.id || '_proof.png', s.user_id, s.user_id::text,
              jsonb_build_object('eTag', '"' || md5(s.id::text) || '"', 'size', 20480, 'mimetype', 'image/png', 'cacheControl', 'max-age=3600',
                                 'lastModified', s.created_at, 'contentLength', 20480, 'httpStatusCode', 200),
              s.created_at, s.created_at, s.created_at
       from public.leaderboard_submissions s;
       insert into public.moderation_decisions (moderator_id, subject, subject_id, action, reason, created_at)
       select (select id from sem_users where i = 1 + s.id % ${c.moderators}), 'score', s.id, 'approve', 'proof shows the score',
              s.created_at + interval '1 hour'
       from public.leaderboard_submissions s where s.review = 'approved';`,
    ],
    [
      `${c.chat} chat messages`,
      `insert into public.chat_messages (user_id, body, created_at, hidden, client_id)
       select u.id, 'message ' || g || ' about the games today', now() - ((${c.chat} - g) * ${Math.max(1, Math.floor((DAYS * 86400) / c.chat))}) * interval '1 second',
              g % 500 = 0, gen_random_uuid()
       from generate_series(1::bigint, ${c.chat}) g
       join sem_users u on u.i = 1 + (g * 13) % ${c.students};`,
    ],
    [
      `${c.reportsAndTakedowns} reports and takedown requests`,
      `insert into public.chat_reports (message_id, reporter_id, reason, created_at, message_body, message_author, closed_at)
       select m.id, u.id, 'rude', m.created_at + interval '5 minutes', m.body, m.user_id,
              case when g % 20 <> 0 then m.created_at + interval '1 day' end
       from generate_series(1::bigint, ${Math.ceil(c.reportsAndTakedowns / 2)}) g
       join public.chat_messages m on m.id = (select min(id) from public.chat_messages) + (g * 17) % ${c.chat}
       join sem_users u on u.i = 1 + (g * 7) % ${c.students}
       on conflict do nothing;
       insert into public.takedown_requests (name, email, url, reason, created_at, resolved_at)
       select 'Rights holder ' || g, 'owner' || g || '@example.test', 'https://example.test/video/' || g, 'this is my game',
              now() - (${Math.floor(c.reportsAndTakedowns / 2)} - g) * interval '20 minutes',
              case when g % 20 <> 0 then now() - (${Math.floor(c.reportsAndTakedowns / 2)} - g) * interval '20 minutes' + interval '1 day' end
       from generate_series(1::bigint, ${Math.floor(c.reportsAndTakedowns / 2)}) g;
       insert into public.creator_applications (user_id, pitch, created_at, status, closed_at)
       select u.id, 'I make videos about games.', now() - (${c.creatorApplications} - g) * interval '2 hours',
              case when g % 7 = 0 then 'pending' else 'declined' end,
              case when g % 7 <> 0 then now() - (${c.creatorApplications} - g) * interval '2 hours' + interval '1 day' end
       from generate_series(1::bigint, ${c.creatorApplications}) g
       join sem_users u on u.i = 1 + g % ${c.students}
       where not exists (select 1 from public.creator_applications x where x.user_id = u.id and x.status = 'pending')
       on conflict do nothing;`,
    ],
    [
      `${c.saves} saves`,
      `insert into public.game_saves (user_id, app_id, state, version, device_id, device_label, saved_at, updated_at)
       select u.id, a.id, '{"level":' || g % 40 || ',"board":[' || repeat('0,', 60) || '0],"score":' || g % 9000 || '}',
              1 + g % 30, gen_random_uuid(), 'Chromebook', now() - (g % ${DAYS}) * interval '1 day', now() - (g % ${DAYS}) * interval '1 day'
       from generate_series(0::bigint, ${c.saves - 1}) g
       join sem_users u on u.i = 1 + g % ${c.students}
       join sem_apps a on a.n = (g / ${c.students}) % (select n from sem_app_count)
       on conflict do nothing;`,
    ],
    [
      'outbox idempotency log (client_mutations)',
      // One row per acknowledged outbox action that wrote the ledger, as begin/finish_mutation leave it.
      `insert into public.client_mutations (user_id, client_id, kind, result, created_at)
       select c.user_id, gen_random_uuid(),
              case when c.why like 'app played%' then 'record_app_played' when c.why = 'streak claim' then 'claim_streak'
                   when c.why = 'time spent' then 'increment_time_spent' else 'buy_item' end,
              jsonb_build_object('coins', c.amt, 'apps_played', 12), c.created_at
       from public.coins_transactions c
       where c.user_id in (select id from sem_users where not hostile);`,
    ],
    [
      `desk-load attack: ${c.hostile} accounts x ${c.hostileScores} pending scores at each game's maximum`,
      `insert into public.leaderboard_submissions (user_id, app_id, score, created_at, review)
       select u.id, a.id, coalesce(r.max_score, 10000), now() - interval '1 hour' + g * interval '10 ms', 'pending'
       from sem_users u
       cross join generate_series(1::bigint, ${c.hostileScores}) g
       join sem_apps a on a.n = g % (select n from sem_app_count)
       left join app_private.score_rules r on r.app_id = a.id
       where u.hostile;
       insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
       select 'submissions', s.id || '_proof.png', s.user_id, s.user_id::text,
              jsonb_build_object('size', 9, 'mimetype', 'image/png', 'contentLength', 9, 'httpStatusCode', 200)
       from public.leaderboard_submissions s
       where s.user_id in (select id from sem_users where hostile) and s.id % 2 = 0;`,
    ],
    [
      'what the triggers keep, and signed-in sessions',
      `-- Triggers are off while seeding: each score's proof as app_private.record_proof records it (where the
       -- schema has those columns), the week's plays as app_private.keep_popular_plays copies them (older
       -- ones its sweep has dropped), and a session per account, which the data API checks a token against.
       do $seed$ begin
         if to_regclass('app_private.popular_plays') is not null then
           insert into app_private.popular_plays (user_id, app_id, played_at, device, account_created_at)
           select p.user_id, p.app_id, p.updated_at, p.device, u.created_at
           from public.apps_played p join auth.users u on u.id = p.user_id
           where p.updated_at > now() - interval '7 days';
         end if;
         if exists (select 1 from information_schema.columns
                    where table_schema = 'public' and table_name = 'leaderboard_submissions' and column_name = 'proof_name') then
           update public.leaderboard_submissions s set proof_name = o.name, proof_bytes = o.bytes
           from (select split_part(name, '_', 1)::bigint as id, min(name) as name, sum(coalesce((metadata ->> 'size')::bigint, 0))::bigint as bytes
                 from storage.objects where bucket_id = 'submissions' and name ~ '^[0-9]{1,18}_' group by 1) o
           where s.id = o.id;
         end if;
       end $seed$;
       insert into auth.sessions (id, user_id) select id, id from auth.users on conflict do nothing;`,
    ],
    ['analyze', 'analyze'],
  ].map(([name, sql]) => [name as string, `set local session_replication_role = replica; ${sql as string}`]);
}

/** How many more students GROWN_SQL adds: twenty times the semester's 1,000 (and its 100 hostile accounts). */
export const GROWN_STUDENTS = 20_000;

/**
 * A school twenty times the semester's size, for plans only: students who joined, keep streaks, and turned
 * on authenticators like the semester's (one in 20), with none of their plays. A read whose plan scans a
 * growing table with the semester's 1,100 accounts is planned again over these tables: a scan the planner
 * chose because the table is small turns into an index read here; one that reads the whole school for a
 * few rows stays.
 */
export const GROWN_SQL = `
set local session_replication_role = replica;
create temp table grown_users as
  select i, gen_random_uuid() as id, now() - interval '200 days' + (i % 30) * interval '1 day' as joined
  from generate_series(1, ${GROWN_STUDENTS}) i;
insert into auth.users (id, email, email_confirmed_at, created_at, updated_at)
select id, 'grown-' || i || '@semester.test', joined, joined, joined from grown_users;
insert into public.my_users (user_id, username, created_at, current_streak, longest_streak, time_spent)
select id, 'grown_' || substr(md5('grown' || i), 1, 10), joined, i % 12, 12 + i % 40, (i * 37 % 2000) * 5 from grown_users;
insert into public.streak (user_id, current_streak, longest_streak, last_claim)
select id, i % 12, 12 + i % 40, now() - (i % 4) * interval '1 day' from grown_users;
insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret)
select id, 'Phone', 'totp', 'verified', md5('totp' || i) from grown_users where i % 20 = 0;
insert into auth.sessions (id, user_id) select id, id from grown_users;
analyze;
set local session_replication_role = origin`;

/** Rows per table after seeding, for the report. */
export const COUNT_SQL = `
select 'auth.users' as t, count(*)::int as n from auth.users
union all select 'coins_transactions', count(*)::int from public.coins_transactions
union all select 'game_runs', count(*)::int from app_private.game_runs
union all select 'apps_played', count(*)::int from public.apps_played
union all select 'leaderboard_submissions', count(*)::int from public.leaderboard_submissions
union all select 'storage.objects', count(*)::int from storage.objects
union all select 'chat_messages', count(*)::int from public.chat_messages
union all select 'chat_reports', count(*)::int from public.chat_reports
union all select 'takedown_requests', count(*)::int from public.takedown_requests
union all select 'game_saves', count(*)::int from public.game_saves
union all select 'client_mutations', count(*)::int from public.client_mutations
union all select 'moderation_decisions', count(*)::int from public.moderation_decisions
union all select 'items_unlocked', count(*)::int from public.items_unlocked`;
