-- A high-score submission; it shows on the leaderboard once its proof image is uploaded.
-- A score the game reported comes with its play (issue 20): the portal's run id, the play time the game
-- claims and whether it went on from a save, which leaderboard_submissions_guard checks against the
-- game's pace and the server's clock of the run; a score typed by hand has none. p_proof_bytes, the
-- size of the screenshot the outbox will upload next, lets a student past the proof quota hear so in
-- words now, rather than as the storage service's refusal of the upload. Sizes are written with a
-- thousands separator (issue 26: a claim of 1,000 MiB or more printed as ###.#).

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
      to_char(p_proof_bytes / 1048576.0, 'FM999,990.0'), to_char(v_stored / 1048576.0, 'FM999,990.0'),
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
