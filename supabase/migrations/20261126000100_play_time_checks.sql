-- Play time checks on the server (issue 20): a score the game reported is weighed against the game's
-- pace and the server's own clock of the run, and a proof that would not fit the quota is refused in words.
--
-- Why: the portal checked a score's run id and play time only on the client; the server never heard of
-- either, so a call to submit_score with Snake's most, 3,970, from an account made a second before was
-- taken like any honest score. Now:
-- - the portal tells the server of each run as it issues it (start_game_run: at most 120 runs in 10 minutes
--   per student, a day kept); a score sent with its run may claim no more play than the server saw since,
--   give or take 10 s, and one run vouches for one score;
-- - games whose pace is bounded have a max_per_second, each derived from the game's rules (below); a score
--   above that pace for the play it claims is refused, unless the game went on from a save (Snake and Tic
--   Tac Toe resume, and say so);
-- - the desk shows each score's play beside the server's clock of it: typed by hand, or played where the
--   server did not see the run (offline), is the moderator's to weigh; every score waits for review anyway;
-- - submit_score takes the proof's size, so a student whose screenshot would cross the 20 MiB quota is
--   told so before the upload, instead of the storage service's generic refusal after it.
-- submit_score keeps its first three parameters; the new ones default, so older outbox items still replay.
--
-- The paces, each the most one honest second of play can add:
--   flappy: 1 point a pipe, pipes at least 225 px apart at up to 230 px/s: 1.03 a second
--   keyboard-sprint: 2 points a correct character at 350 words (1,750 characters) a minute: 58.4
--   snake: 10 points a food, at most one food a step, a step at least 70 ms: 143
--   tic-tac-toe: 100 a win on easy, a round at least 1.54 s: 65
--   times-table-dash: at most 30 points an answer, 5 answers a second: 150

create table app_private.game_runs (
  run_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  app_id text not null,
  started_at timestamptz not null default now()
);
create index game_runs_user_started_idx on app_private.game_runs (user_id, started_at);

alter table app_private.score_rules
  add column max_per_second numeric,
  add constraint score_rules_max_per_second_positive check (max_per_second > 0);
update app_private.score_rules r set max_per_second = v.pace
from (values ('flappy', 1.03), ('keyboard-sprint', 58.4), ('snake', 143), ('tic-tac-toe', 65), ('times-table-dash', 150))
  as v (app_id, pace)
where r.app_id = v.app_id;

alter table public.leaderboard_submissions
  add column run_id uuid,
  add column play_ms integer,
  add column resumed boolean not null default false,
  add column play_seen_ms integer,
  add constraint leaderboard_submissions_play_ms_range check (play_ms between 0 and 86400000),
  add constraint leaderboard_submissions_play_seen_ms_range check (play_seen_ms between 0 and 86400000);
create unique index leaderboard_submissions_run_idx on public.leaderboard_submissions (run_id) where run_id is not null;

create or replace function app_private.play_time_text(p_ms bigint) returns text
language sql immutable set search_path = public as $$
  select case
    when s < 60 then s || case when s = 1 then ' second' else ' seconds' end
    when s < 3600 then (s / 60) || case when s / 60 = 1 then ' minute' else ' minutes' end
      || case when s % 60 = 0 then '' else ' ' || (s % 60) || case when s % 60 = 1 then ' second' else ' seconds' end end
    else (s / 3600) || case when s / 3600 = 1 then ' hour' else ' hours' end
      || case when s % 3600 / 60 = 0 then '' else ' ' || (s % 3600 / 60) || case when s % 3600 / 60 = 1 then ' minute' else ' minutes' end end
  end
  from (select greatest(0, p_ms) / 1000 as s) t
$$;
revoke execute on function app_private.play_time_text(bigint) from public;

create or replace function public.start_game_run(p_app_id text, p_run_id uuid) returns timestamptz
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_run app_private.game_runs;
begin
  if p_run_id is null then
    raise exception 'A game run needs its id.' using errcode = '22023';
  end if;
  if not exists (select 1 from public.apps where id = p_app_id) then
    raise exception 'Unknown app: %', coalesce(p_app_id, 'null') using errcode = '22023';
  end if;
  -- Two tabs of one student starting at once must not both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('game_runs:' || v_uid::text));
  select * into v_run from app_private.game_runs where run_id = p_run_id;
  if found then
    if v_run.user_id <> v_uid or v_run.app_id <> p_app_id then
      raise exception 'That run id is taken.' using errcode = '22023';
    end if;
    return v_run.started_at;
  end if;
  delete from app_private.game_runs r where r.user_id = v_uid and r.started_at <= now() - interval '1 day';
  if (select count(*) from app_private.game_runs r
      where r.user_id = v_uid and r.started_at > now() - interval '10 minutes') >= 120 then
    raise exception 'You started 120 games in the last 10 minutes. Scores of the next ones wait for a moderator.'
      using errcode = 'P0001';
  end if;
  insert into app_private.game_runs (run_id, user_id, app_id) values (p_run_id, v_uid, p_app_id)
  returning * into v_run;
  return v_run.started_at;
end $$;
revoke execute on function public.start_game_run(text, uuid) from public, anon;
grant execute on function public.start_game_run(text, uuid) to authenticated, service_role;

drop function public.submit_score(text, bigint, uuid);
create or replace function public.submit_score(
  p_app_id text, p_score bigint, p_client_id uuid,
  p_run_id uuid default null, p_duration_ms integer default null, p_resumed boolean default false,
  p_proof_bytes integer default null
) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_id bigint;
  v_stored bigint;
begin
  if p_score is null or p_score < 0 or p_score > 1000000000 then
    raise exception 'The score must be a whole number from 0 to 1,000,000,000.' using errcode = '22023';
  end if;
  if not exists (select 1 from public.apps where id = p_app_id) then
    raise exception 'Unknown app: %', coalesce(p_app_id, 'null') using errcode = '22023';
  end if;
  if p_duration_ms is not null and (p_duration_ms < 0 or p_duration_ms > 86400000) then
    raise exception 'A play time must be from 0 to 24 hours.' using errcode = '22023';
  end if;
  if p_run_id is not null and p_duration_ms is null then
    raise exception 'A score from a game run needs its play time.' using errcode = '22023';
  end if;
  if p_proof_bytes is not null and p_proof_bytes <= 0 then
    raise exception 'A screenshot cannot be empty.' using errcode = '22023';
  end if;
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'submit_score');
  if v_result is not null then
    return (v_result ->> 'id')::bigint;
  end if;
  perform app_private.lock_profile(v_uid);
  -- After begin_mutation: a replay of a sent score returns it even once its own proof counts.
  v_stored := app_rls.proof_bytes_stored();
  if p_proof_bytes is not null and v_stored + p_proof_bytes > app_rls.proof_quota_bytes() then
    raise exception 'This screenshot (% MiB) does not fit: your score screenshots take up % MiB of the % MiB one student keeps. Withdraw an old score on its game''s page to make room.',
      to_char(p_proof_bytes / 1048576.0, 'FM990.0'), to_char(v_stored / 1048576.0, 'FM990.0'),
      app_rls.proof_quota_bytes() / 1048576
      using errcode = 'P0001';
  end if;
  insert into public.leaderboard_submissions (user_id, app_id, score, run_id, play_ms, resumed)
  values (v_uid, p_app_id, p_score, p_run_id, p_duration_ms, coalesce(p_resumed, false))
  returning id into v_id;
  perform app_private.finish_mutation(v_uid, p_client_id, jsonb_build_object('id', v_id));
  return v_id;
end $$;
revoke execute on function public.submit_score(text, bigint, uuid, uuid, integer, boolean, integer) from public, anon;
grant execute on function public.submit_score(text, bigint, uuid, uuid, integer, boolean, integer) to authenticated, service_role;

create or replace function app_private.leaderboard_submissions_guard() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  v_title text;
  v_max bigint;
  v_rate numeric;
  v_run app_private.game_runs;
  v_seen bigint;
  v_recent integer;
  v_today integer;
  v_kept integer;
  v_lowest bigint;
begin
  select a.title, r.max_score, r.max_per_second into v_title, v_max, v_rate
  from public.apps a left join app_private.score_rules r on r.app_id = a.id
  where a.id = new.app_id;
  if v_max is not null and new.score > v_max then
    raise exception 'No game of % can score %: the most one game can reach is %.',
      v_title, to_char(new.score, 'FM999,999,999,990'), to_char(v_max, 'FM999,999,999,990')
      using errcode = 'P0001';
  end if;
  if new.play_ms is not null and not new.resumed and v_rate is not null
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

drop function public.get_pending_scores();
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
    select s.id, s.app_id, a.title, s.user_id, m.username, s.score, r.max_score, s.created_at, o.name,
      s.play_ms, s.play_seen_ms, s.resumed
    from public.leaderboard_submissions s
    join public.apps a on a.id = s.app_id
    join public.my_users m on m.user_id = s.user_id
    left join app_private.score_rules r on r.app_id = s.app_id
    join lateral (
      select o.name from storage.objects o
      where o.bucket_id = 'submissions' and split_part(o.name, '_', 1) = s.id::text
      order by o.created_at limit 1
    ) o on true
    where s.review = 'pending'
    order by s.created_at, s.id
    limit 50;
end $$;
revoke execute on function public.get_pending_scores() from public, anon;
grant execute on function public.get_pending_scores() to authenticated, service_role;

update app_private.mutation_kinds set call =
  $q$select jsonb_build_object('id', public.submit_score($1 ->> 'p_app_id', ($1 ->> 'p_score')::bigint, $2,
     ($1 ->> 'p_run_id')::uuid, ($1 ->> 'p_duration_ms')::integer, coalesce(($1 ->> 'p_resumed')::boolean, false),
     ($1 ->> 'p_proof_bytes')::integer))$q$
where kind = 'submit_score';
