-- Achievements unlocked offline count (issue 29: "offline unlocks are kept and sent later, exactly
-- once"). They did not: a run started with no network was never told to the server (start_game_run is
-- online only, so that the server's clock bounds a score's play time), and every unlock queued in it was
-- refused on the way back with "The server never saw this game run start". Now the outbox tells the
-- server of such a run first (note_offline_game_run, a new outbox kind), marked played_offline:
-- - the run carries an achievement with no stat: it proves only that the run is the student's and of
--   that game, which any run a student starts online proves at once, so nothing is newly forgeable;
-- - no stat counts in it (report_stat refuses; the server's clock never saw it run), so a stat
--   threshold is reached only by play the server saw;
-- - its score is held for a moderator as before (the guard reads it as not seen played).
-- start_game_run and the new RPC share one home for the checks and the 120-in-10-minutes limit
-- (app_private.register_game_run).

alter table app_private.game_runs add column played_offline boolean not null default false;

create or replace function app_private.register_game_run(p_uid uuid, p_app_id text, p_run_id uuid, p_offline boolean)
returns app_private.game_runs
language plpgsql set search_path = public as $$
declare
  v_run app_private.game_runs;
begin
  if p_run_id is null then
    raise exception 'A game run needs its id.' using errcode = '22023';
  end if;
  if not exists (select 1 from public.apps where id = p_app_id) then
    raise exception 'Unknown app: %', coalesce(p_app_id, 'null') using errcode = '22023';
  end if;
  -- Two tabs of one student starting at once must not both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('game_runs:' || p_uid::text));
  select * into v_run from app_private.game_runs where run_id = p_run_id;
  if found then
    if v_run.user_id <> p_uid or v_run.app_id <> p_app_id then
      raise exception 'That run id is taken.' using errcode = '22023';
    end if;
    return v_run;
  end if;
  delete from app_private.game_runs r where r.user_id = p_uid and r.started_at <= now() - interval '1 day';
  if (select count(*) from app_private.game_runs r
      where r.user_id = p_uid and r.started_at > now() - interval '10 minutes') >= 120 then
    raise exception 'You started 120 games in the last 10 minutes. Scores of the next ones wait for a moderator.'
      using errcode = 'P0001';
  end if;
  insert into app_private.game_runs (run_id, user_id, app_id, played_offline) values (p_run_id, p_uid, p_app_id, p_offline)
  returning * into v_run;
  return v_run;
end $$;
revoke all on function app_private.register_game_run(uuid, text, uuid, boolean) from public;

create or replace function public.start_game_run(p_app_id text, p_run_id uuid) returns timestamptz
language plpgsql security definer set search_path = public as $$
begin
  return (app_private.register_game_run(app_private.require_uid(), p_app_id, p_run_id, false)).started_at;
end $$;
revoke execute on function public.start_game_run(text, uuid) from public, anon;
grant execute on function public.start_game_run(text, uuid) to authenticated, service_role;

create or replace function public.note_offline_game_run(p_app_id text, p_run_id uuid, p_client_id uuid)
returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_run app_private.game_runs;
  v_result jsonb;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'note_offline_game_run');
  if v_result is not null then
    return v_result;
  end if;
  v_run := app_private.register_game_run(v_uid, p_app_id, p_run_id, true);
  v_result := jsonb_build_object('run_id', v_run.run_id, 'played_offline', v_run.played_offline);
  perform app_private.finish_mutation(v_uid, p_client_id, v_result);
  return v_result;
end $$;
revoke execute on function public.note_offline_game_run(text, uuid, uuid) from public, anon;
grant execute on function public.note_offline_game_run(text, uuid, uuid) to authenticated, service_role;

create or replace function app_private.own_game_run(p_uid uuid, p_app_id text, p_run_id uuid) returns timestamptz
language plpgsql stable set search_path = public as $$
declare
  v_run app_private.game_runs;
begin
  if p_run_id is null then
    raise exception 'An achievement or a stat needs the game run it happened in.' using errcode = '22023';
  end if;
  select * into v_run from app_private.game_runs r where r.run_id = p_run_id;
  if not found then
    raise exception 'The server never saw this game run start, so it cannot count: play a new game while online.'
      using errcode = 'P0001';
  end if;
  if v_run.user_id <> p_uid then
    raise exception 'That game run is not yours.' using errcode = 'P0001';
  end if;
  if v_run.app_id <> p_app_id then
    raise exception 'That game run is of another game.' using errcode = 'P0001';
  end if;
  return case when v_run.played_offline then null else v_run.started_at end;
end $$;
revoke all on function app_private.own_game_run(uuid, text, uuid) from public;

create or replace function public.report_stat(p_app_id text, p_run_id uuid, p_name text, p_value bigint, p_client_id uuid)
returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_rule app_private.achievement_stats;
  v_started timestamptz;
  v_seconds numeric;
  v_before bigint;
  v_value bigint;
  v_result jsonb;
begin
  if p_value is null or p_value < 0 or p_value > 1000000000 then
    raise exception 'A stat is a whole number from 0 to 1,000,000,000.' using errcode = '22023';
  end if;
  select * into v_rule from app_private.achievement_stats s where s.app_id = p_app_id and s.name = p_name;
  if not found then
    raise exception '% declares no stat "%".', coalesce(p_app_id, 'This game'), coalesce(p_name, 'null')
      using errcode = '22023';
  end if;
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'report_stat');
  if v_result is not null then
    return v_result;
  end if;
  perform app_private.lock_profile(v_uid);
  v_started := app_private.own_game_run(v_uid, p_app_id, p_run_id);
  if v_started is null then
    raise exception 'This game was played offline, so the server cannot tell how long it lasted: its % does not count.', p_name
      using errcode = 'P0001';
  end if;
  v_seconds := greatest(extract(epoch from now() - v_started), 0);
  if p_value > v_rule.max_per_second * (v_seconds + 1) then
    raise exception '% of % after % of play is more than the game allows: at most % a second.',
      p_name, to_char(p_value, 'FM999,999,999,990'), app_private.play_time_text((v_seconds * 1000)::bigint),
      v_rule.max_per_second::float8
      using errcode = 'P0001';
  end if;
  select r.value into v_before from app_private.run_stats r where r.run_id = p_run_id and r.name = p_name;
  if p_value > coalesce(v_before, 0) then
    insert into app_private.run_stats as r (run_id, name, value) values (p_run_id, p_name, p_value)
    on conflict (run_id, name) do update set value = excluded.value;
    insert into app_private.game_stats as s (user_id, app_id, name, value)
    values (v_uid, p_app_id, p_name, case v_rule.kind when 'max' then p_value else p_value - coalesce(v_before, 0) end)
    on conflict (user_id, app_id, name) do update
      set value = case v_rule.kind when 'max' then greatest(s.value, p_value) else s.value + p_value - coalesce(v_before, 0) end,
          updated_at = now();
  end if;
  select s.value into v_value from app_private.game_stats s where s.user_id = v_uid and s.app_id = p_app_id and s.name = p_name;
  v_result := jsonb_build_object('value', coalesce(v_value, 0));
  perform app_private.finish_mutation(v_uid, p_client_id, v_result);
  return v_result;
end $$;
revoke execute on function public.report_stat(text, uuid, text, bigint, uuid) from public, anon;
grant execute on function public.report_stat(text, uuid, text, bigint, uuid) to authenticated, service_role;

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
    -- A run played offline vouches for no play time: its score is held like any score not seen played.
    select * into v_run from app_private.game_runs r where r.run_id = new.run_id and not r.played_offline;
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

insert into app_private.mutation_kinds (kind, call) values
  ('note_offline_game_run',
   $q$select public.note_offline_game_run($1 ->> 'p_app_id', ($1 ->> 'p_run_id')::uuid, $2)$q$)
on conflict (kind) do update set call = excluded.call;
