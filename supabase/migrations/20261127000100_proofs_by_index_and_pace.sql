-- Scores that cost nothing to send cost nothing to read, and the pace rule holds on every way in (issue 26).
--
-- Why (1): whether a score had its proof was found by split_part over every stored object (has_proof, the
-- desk's lateral join, the quota), with no index. 100 accounts each sent 70 scores at every game's most
-- (half with no proof, half with a 9-byte proof): the desk grew 2 -> 208 -> 796 -> 1,785 -> 3,499 ms and
-- then timed out at 5,007 ms with 7,030 pending scores; a game's anonymous top list grew 4 -> 391 ms. Now:
-- - leaderboard_submissions.proof_name and proof_bytes say whether and how large a score's proof is, kept by
--   a trigger on storage.objects (app_private.record_proof; postgres holds TRIGGER on that table on hosted
--   Supabase, not the ownership an index there would need), filled here from what is already stored;
-- - the desk's queue and both halves of a top list read partial indexes that hold only scores with their
--   proof, in the order they ask for (desk: oldest first, 50 a page; top list: each student's best
--   approved, and the best waiting); the quota sums the student's own rows by user_id;
-- - the rule for scores without a proof: they are on no desk and no top list, whatever their number, and
--   count against the student's limits as before (5 per game per 10 minutes, 20 a day, 10 kept per game);
--   one still without its proof after a day was abandoned (the outbox uploads right after the score and
--   withdraws it if the upload fails), so it is withdrawn when its student next sends a score of that
--   game, giving its place back.
--
-- Why (3): the pace rule was optional. submit_score('snake', 3970) from a new account with no play time
-- was accepted (with an 8-byte proof it topped the anonymous board, marked unreviewed, above an approved
-- 900); a direct insert skipped the rule; p_resumed = true got the maximum in 0 ms for Flappy, Keyboard
-- Sprint and Times Table Dash, which never resume. Now the guard on the table holds every score of a game with
-- a pace (flappy, keyboard-sprint, snake, tic-tac-toe, times-table-dash) to it: one without the play time its
-- game reports counts as played in no time, so at most one second's worth (flappy 1, keyboard-sprint 58,
-- tic-tac-toe 65, snake 143, times-table-dash 150) is taken, and a larger one is refused in words saying
-- so; and score_rules.can_resume (true for Snake and Tic Tac Toe, the two
-- games that go on from a save) decides whether a resumed flag lifts the pace rule; for any other game it
-- is stored as false and the pace holds.

alter table public.leaderboard_submissions
  add column proof_name text,
  add column proof_bytes bigint;

update public.leaderboard_submissions s
set proof_name = p.name, proof_bytes = p.bytes
from (
  select split_part(o.name, '_', 1)::bigint as id, min(o.name) as name,
    sum(coalesce((o.metadata ->> 'size')::bigint, 0))::bigint as bytes
  from storage.objects o
  where o.bucket_id = 'submissions' and o.name ~ '^[0-9]{1,18}_'
  group by 1
) p
where s.id = p.id;

drop index public.leaderboard_submissions_pending_idx;
create index leaderboard_submissions_desk_idx on public.leaderboard_submissions (created_at, id)
  where review = 'pending' and proof_name is not null;
create index leaderboard_submissions_approved_idx on public.leaderboard_submissions (app_id, user_id, score desc, created_at)
  where review = 'approved' and proof_name is not null;
create index leaderboard_submissions_waiting_idx on public.leaderboard_submissions (app_id, score desc, created_at)
  where review = 'pending' and proof_name is not null;

alter table app_private.score_rules add column can_resume boolean not null default false;
update app_private.score_rules set can_resume = true where app_id in ('snake', 'tic-tac-toe');

create or replace function app_private.record_proof() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  v_ids bigint[] := '{}';
begin
  if tg_op = 'INSERT' then
    if new.bucket_id = 'submissions' and new.name ~ '^[0-9]{1,18}_' then
      update public.leaderboard_submissions s
      set proof_name = coalesce(s.proof_name, new.name),
          proof_bytes = coalesce(s.proof_bytes, 0) + coalesce((new.metadata ->> 'size')::bigint, 0)
      where s.id = split_part(new.name, '_', 1)::bigint;
    end if;
    return null;
  end if;
  if old.bucket_id = 'submissions' and old.name ~ '^[0-9]{1,18}_' then
    v_ids := v_ids || split_part(old.name, '_', 1)::bigint;
  end if;
  if tg_op = 'UPDATE' and new.bucket_id = 'submissions' and new.name ~ '^[0-9]{1,18}_' then
    v_ids := v_ids || split_part(new.name, '_', 1)::bigint;
  end if;
  update public.leaderboard_submissions s
  set proof_name = p.name, proof_bytes = p.bytes
  from unnest(v_ids) as i (id)
  cross join lateral (
    select min(o.name) as name, sum(coalesce((o.metadata ->> 'size')::bigint, 0))::bigint as bytes
    from storage.objects o
    where o.bucket_id = 'submissions' and split_part(o.name, '_', 1) = i.id::text
  ) p
  where s.id = i.id;
  return null;
end $$;
revoke execute on function app_private.record_proof() from public;

create trigger record_proof after insert or update of bucket_id, name, metadata or delete on storage.objects
  for each row execute function app_private.record_proof();

create or replace function app_private.has_proof(p_submission_id bigint) returns boolean
language sql stable set search_path = public as $$
  select exists (
    select 1 from public.leaderboard_submissions s
    where s.id = p_submission_id and s.proof_name is not null
  )
$$;
revoke all on function app_private.has_proof(bigint) from public;

create or replace function app_rls.proof_stored(p_submission_id text) returns boolean
language sql stable security definer set search_path = public as $$
  select case when p_submission_id ~ '^[0-9]{1,18}$' then exists (
    select 1 from public.leaderboard_submissions s
    where s.id = p_submission_id::bigint and s.proof_name is not null
  ) else false end
$$;
revoke all on function app_rls.proof_stored(text) from public;
grant execute on function app_rls.proof_stored(text) to authenticated;

create or replace function app_rls.proof_bytes_stored() returns bigint
language sql stable security definer set search_path = public as $$
  select coalesce(sum(s.proof_bytes), 0)::bigint
  from public.leaderboard_submissions s
  where s.user_id = (select auth.uid())
$$;
revoke all on function app_rls.proof_bytes_stored() from public;
grant execute on function app_rls.proof_bytes_stored() to authenticated;

create or replace function public.get_own_scores(p_app_id text)
returns table (id bigint, score bigint, created_at timestamptz, proof text, review text)
language sql stable security definer set search_path = public as $$
  select s.id, s.score, s.created_at,
    s.proof_name,
    s.review
  from public.leaderboard_submissions s
  where s.user_id = app_private.require_uid() and s.app_id = p_app_id
  order by s.score desc, s.created_at
$$;
revoke execute on function public.get_own_scores(text) from public, anon;
grant execute on function public.get_own_scores(text) to authenticated, service_role;

create or replace function public.get_pending_scores()
returns table (
  submission_id bigint, app_id text, app_title text, user_id uuid, username text,
  score bigint, max_score bigint, created_at timestamptz, proof text,
  play_ms integer, play_seen_ms integer, resumed boolean
)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  return query
    select s.id, s.app_id, a.title, s.user_id, m.username, s.score, r.max_score, s.created_at, s.proof_name,
      s.play_ms, s.play_seen_ms, s.resumed
    from public.leaderboard_submissions s
    join public.apps a on a.id = s.app_id
    join public.my_users m on m.user_id = s.user_id
    left join app_private.score_rules r on r.app_id = s.app_id
    where s.review = 'pending' and s.proof_name is not null
    order by s.created_at, s.id
    limit 50;
end $$;
revoke execute on function public.get_pending_scores() from public, anon;
grant execute on function public.get_pending_scores() to authenticated, service_role;

create or replace function public.get_app_high_scores(p_app_id text)
returns table (user_id uuid, username text, icon text, score bigint, submission_id bigint, created_at timestamptz, reviewed boolean)
language sql stable security definer set search_path = public as $$
  with best as (
    select distinct on (s.user_id) s.user_id, s.score, s.id, s.created_at
    from public.leaderboard_submissions s
    where s.app_id = p_app_id and s.review = 'approved' and s.proof_name is not null
    order by s.user_id, s.score desc, s.created_at
  ), waiting as (
    select s.user_id, s.score, s.id, s.created_at
    from public.leaderboard_submissions s
    where s.app_id = p_app_id and s.review = 'pending' and s.proof_name is not null
      and s.score > coalesce((select max(b.score) from best b), -1)
    order by s.score desc, s.created_at
    limit 1
  )
  select r.user_id, m.username, m.icon, r.score, r.id, r.created_at, r.reviewed
  from (
    select b.*, true as reviewed from best b
    union all
    select w.*, false from waiting w
  ) r
  join public.my_users m on m.user_id = r.user_id
  order by r.score desc, r.created_at, m.username
$$;
revoke execute on function public.get_app_high_scores(text) from public;
grant execute on function public.get_app_high_scores(text) to anon, authenticated, service_role;

create or replace function app_private.leaderboard_submissions_guard() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  v_title text;
  v_max bigint;
  v_rate numeric;
  v_can_resume boolean;
  v_run app_private.game_runs;
  v_seen bigint;
  v_recent integer;
  v_today integer;
  v_kept integer;
  v_lowest bigint;
begin
  new.proof_name := null;
  new.proof_bytes := null;
  select a.title, r.max_score, r.max_per_second, coalesce(r.can_resume, false)
    into v_title, v_max, v_rate, v_can_resume
  from public.apps a left join app_private.score_rules r on r.app_id = a.id
  where a.id = new.app_id;
  if v_max is not null and new.score > v_max then
    raise exception 'No game of % can score %: the most one game can reach is %.',
      v_title, to_char(new.score, 'FM999,999,999,990'), to_char(v_max, 'FM999,999,999,990')
      using errcode = 'P0001';
  end if;
  new.resumed := new.resumed and v_can_resume;
  if v_rate is not null and new.play_ms is null and new.score > floor(v_rate) then
    raise exception 'A score of % in % needs the play time the game reports with it: sent without one (typed by hand), it can be at most %.',
      to_char(new.score, 'FM999,999,999,990'), v_title, to_char(floor(v_rate), 'FM999,999,999,990')
      using errcode = 'P0001';
  end if;
  if not new.resumed and v_rate is not null
     and new.score > floor(v_rate * (new.play_ms / 1000.0 + 1)) then
    raise exception 'A score of % in % of % is more than the game allows: at most % points a second.',
      to_char(new.score, 'FM999,999,999,990'), app_private.play_time_text(new.play_ms), v_title, v_rate
      using errcode = 'P0001';
  end if;
  new.play_seen_ms := null;
  if new.run_id is not null then
    if exists (select 1 from public.leaderboard_submissions s where s.run_id = new.run_id) then
      raise exception 'The score of that play was already sent.' using errcode = 'P0001';
    end if;
    select * into v_run from app_private.game_runs r where r.run_id = new.run_id;
    if found then
      if v_run.user_id <> new.user_id or v_run.app_id <> new.app_id then
        raise exception 'That score''s play was started in another game.' using errcode = '22023';
      end if;
      v_seen := floor(extract(epoch from now() - v_run.started_at) * 1000)::bigint;
      if new.play_ms > v_seen + 10000 then
        raise exception 'This score claims % of play, but this game of % began only % ago.',
          app_private.play_time_text(new.play_ms), v_title, app_private.play_time_text(v_seen)
          using errcode = 'P0001';
      end if;
      new.play_seen_ms := least(v_seen, 86400000);
    end if;
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
  delete from public.leaderboard_submissions s
  where s.user_id = new.user_id and s.app_id = new.app_id and s.review = 'pending'
    and s.proof_name is null and s.created_at <= now() - interval '1 day';
  select count(*), min(s.score) into v_kept, v_lowest
  from public.leaderboard_submissions s
  where s.user_id = new.user_id and s.app_id = new.app_id;
  if v_kept >= 10 then
    raise exception 'You already have 10 scores for % on the board. Withdraw one (your lowest is %) to send another.',
      v_title, to_char(v_lowest, 'FM999,999,999,990')
      using errcode = 'P0001';
  end if;
  if app_rls.proof_bytes_stored() >= app_rls.proof_quota_bytes() then
    raise exception 'Your score screenshots take up % MiB, the most one student keeps. Withdraw an old score on its game''s page to send a new one.',
      app_rls.proof_quota_bytes() / 1048576
      using errcode = 'P0001';
  end if;
  insert into app_private.score_submissions_log (user_id, app_id) values (new.user_id, new.app_id);
  return new;
end $$;
revoke execute on function app_private.leaderboard_submissions_guard() from public;
