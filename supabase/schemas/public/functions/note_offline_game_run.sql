-- A run of a game played with no network (issue 29), told of by the outbox when the device is back,
-- ahead of the achievements unlocked in it, so that those count once, as the spec asks of offline
-- unlocks. The server never saw the run start, so the run is marked played_offline: it vouches for no
-- play time (no stat counts in it, and its score is held for a moderator), only that the run is the
-- student's and of that game, which is all an achievement without a stat needs and what any run a
-- student starts online gives at once. Marking a run the server saw start changes nothing.
--   returns { "run_id", "played_offline" }

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
