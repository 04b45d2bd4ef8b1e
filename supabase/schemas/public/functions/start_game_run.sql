-- The portal tells the server that a run of a game began (issue 20), so the server's clock, not the
-- game's, bounds the play time a score from that run may claim (app_private.leaderboard_submissions_guard).
-- Online only, and sent as the run is issued: through the outbox it would arrive late and make real play
-- look too long. Sending the same run again is a no-op, so a retry is safe. At most 120 runs in 10
-- minutes per student (a game over every 5 s, as in Flappy at its hardest, issues 12 a minute): past
-- that, the run is simply not seen, and its score waits for a moderator like one played offline.

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
