-- A game reports a stat's value in the current run through the SDK (issue 29), by the outbox with a
-- client id. Only a stat the game declared (app_private.achievement_stats), in a run of that game the
-- server saw start and that is the student's, and no higher than the stat's pace allows for the run's
-- age by the server's clock: value <= max_per_second x (seconds since the run began + 1), as scores are
-- held (app_private.score_rules). A run's value only grows: a lower report changes nothing. A 'max'
-- stat keeps the best run, a 'total' one adds what the run grew since its last report. A run played
-- offline has no age by the server's clock, so no stat counts in it (the portal sends none).
--   returns { "value": the student's stat now }

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
