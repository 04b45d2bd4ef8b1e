-- Plausible scores (issue 20): what a game can score, and how often a student may send one.
--
-- Why: proof-backed high scores trusted any number. Tried as a cheating student would, a
-- 1,000,000,000-point 2048 with an 8-byte "proof" ranked first, and one student filed 2,100 scores in
-- about a second; after 24,000 scores with 800 proofs, a game's public high scores took 4.9 s to read.
-- Now every insert into leaderboard_submissions (through submit_score, the outbox or the table)
-- passes a trigger: above the game's max_score it is refused; at most 5 scores of one game in 10
-- minutes and 20 a day per student, counted in a log so a withdrawn score still counts; at most 10
-- kept per student and game. get_own_scores lists a student's scores with their proofs, so they can
-- withdraw one (its proof through the Storage API, then the row); a submission takes one proof (a
-- student stored 10 of 2 MiB under one score). The bundled games' bounds
-- below are derived from each game's rules (the reason beside each).

create table app_private.score_rules (
  app_id text primary key,
  max_score bigint not null,
  constraint score_rules_max_score_range check (max_score between 0 and 1000000000)
);

create table app_private.score_submissions_log (
  user_id uuid not null,
  app_id text not null,
  sent_at timestamptz not null default now()
);
create index score_submissions_log_user_app_idx on app_private.score_submissions_log (user_id, app_id, sent_at);

-- The bundled games' bounds, each the most one honest game can reach under its rules:
--   2048: 4x4 board: the best possible board (tiles 2^17 down to 2^3) has scored at most 3,932,156; rounded up
--   breakout: 48 bricks, ROW_POINTS 10..60 x level, endless: a 2-hour run at 3 bricks a second clears 450 levels (1,680 x level points each)
--   chess: a win scores at most WIN for hard, 3,000; a draw 1,000, a loss about 1,040
--   flappy: 1 point a pipe, pipes at least 225 px apart at up to 230 px/s: a 2-hour run
--   fraction-frenzy: 10 x level + 5 a right answer, a level every 5, one answer per 650 ms at best: a 2-hour run
--   hex-conquest: 58 pieces x 10 plus 500 for a win
--   home-row-hero: 46 characters x 10 plus characters a minute at one key per 25 ms
--   keyboard-sprint: 60 s, 2 points a correct character, at most 350 words a minute
--   memory: 8 pairs at 100 + 50 x combo, plus a time bonus of at most 450
--   minesweeper: 216 safe cells x 10, win bonus 2,000, 900 s under par x 5
--   snake: 397 foods on a 20 x 20 board x 10 points
--   sudoku: expert base 4,000, less time and hints
--   tic-tac-toe: 100 a win on easy, a round at least 1.54 s: a 2-hour match
--   times-table-dash: 60 s, at most 30 points an answer, 5 answers a second
insert into app_private.score_rules (app_id, max_score) values
  ('2048', 3932168),
  ('breakout', 170478000),
  ('chess', 3000),
  ('flappy', 7361),
  ('fraction-frenzy', 122810705),
  ('hex-conquest', 1080),
  ('home-row-hero', 2913),
  ('keyboard-sprint', 3500),
  ('memory', 2650),
  ('minesweeper', 8660),
  ('snake', 3970),
  ('sudoku', 4000),
  ('tic-tac-toe', 467600),
  ('times-table-dash', 8920);

create or replace function app_private.leaderboard_submissions_guard() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  v_title text;
  v_max bigint;
  v_recent integer;
  v_today integer;
  v_kept integer;
  v_lowest bigint;
begin
  select a.title, r.max_score into v_title, v_max
  from public.apps a left join app_private.score_rules r on r.app_id = a.id
  where a.id = new.app_id;
  if v_max is not null and new.score > v_max then
    raise exception 'No game of % can score %: the most one game can reach is %.',
      v_title, to_char(new.score, 'FM999,999,999,990'), to_char(v_max, 'FM999,999,999,990')
      using errcode = 'P0001';
  end if;
  -- Two tabs of one student sending at once must not both slip under the limits.
  perform pg_advisory_xact_lock(hashtext('score_rate:' || new.user_id::text || ':' || new.app_id));
  delete from app_private.score_submissions_log l
  where l.user_id = new.user_id and l.app_id = new.app_id and l.sent_at <= now() - interval '1 day';
  select count(*) filter (where l.sent_at > now() - interval '10 minutes'), count(*)
    into v_recent, v_today
  from app_private.score_submissions_log l
  where l.user_id = new.user_id and l.app_id = new.app_id;
  if v_recent >= 5 then
    raise exception 'You sent 5 scores for % in the last 10 minutes. Wait a few minutes before sending another.', v_title
      using errcode = 'P0001';
  end if;
  if v_today >= 20 then
    raise exception 'You sent 20 scores for % today. Send your next one tomorrow.', v_title
      using errcode = 'P0001';
  end if;
  select count(*), min(s.score) into v_kept, v_lowest
  from public.leaderboard_submissions s
  where s.user_id = new.user_id and s.app_id = new.app_id;
  if v_kept >= 10 then
    raise exception 'You already have 10 scores for % on the board. Withdraw one (your lowest is %) to send another.',
      v_title, to_char(v_lowest, 'FM999,999,999,990')
      using errcode = 'P0001';
  end if;
  insert into app_private.score_submissions_log (user_id, app_id) values (new.user_id, new.app_id);
  return new;
end $$;
revoke execute on function app_private.leaderboard_submissions_guard() from public;

create trigger leaderboard_submissions_guard before insert on public.leaderboard_submissions
  for each row execute function app_private.leaderboard_submissions_guard();

create or replace function public.get_own_scores(p_app_id text)
returns table (id bigint, score bigint, created_at timestamptz, proof text)
language sql stable security definer set search_path = public as $$
  select s.id, s.score, s.created_at,
    (select o.name from storage.objects o
      where o.bucket_id = 'submissions' and split_part(o.name, '_', 1) = s.id::text
      order by o.created_at limit 1)
  from public.leaderboard_submissions s
  where s.user_id = app_private.require_uid() and s.app_id = p_app_id
  order by s.score desc, s.created_at
$$;
revoke execute on function public.get_own_scores(text) from public, anon;
grant execute on function public.get_own_scores(text) to authenticated, service_role;

create or replace function app_rls.proof_stored(p_submission_id text) returns boolean
language sql stable security definer set search_path = public as $$
  select exists (
    select 1 from storage.objects o
    where o.bucket_id = 'submissions' and split_part(o.name, '_', 1) = p_submission_id
  )
$$;
revoke all on function app_rls.proof_stored(text) from public;
grant execute on function app_rls.proof_stored(text) to authenticated;

drop policy "submission owner uploads its proof" on storage.objects;
create policy "submission owner uploads its proof" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'submissions'
    and name ~ '^[0-9]+_[^/]+$'
    and exists (
      select 1 from public.leaderboard_submissions s
      where s.id::text = split_part(name, '_', 1) and s.user_id = (select auth.uid())
    )
    and not app_rls.proof_stored(split_part(name, '_', 1))
  );
