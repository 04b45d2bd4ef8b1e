-- Records a run of a game for a student (issue 20), as it starts (public.start_game_run) or, for a run
-- played with no network, when the device is back (public.note_offline_game_run, issue 29). The same id
-- again is a no-op, so a retry is safe. At most 120 runs in 10 minutes per student (a game over every
-- 5 s, as in Flappy at its hardest, issues 12 a minute), whichever way they came.

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
