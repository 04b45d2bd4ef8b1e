-- The catalogue, saves and plays refuse what no game should hold (issue 26).
--
-- Why: the apps table took javascript: and data: addresses from the service role (only the catalogue
-- tool checked), so one bad row would run in every student's browser; a retired game still took saves
-- and plays, and each play paid a coin; a 16,000-deep JSON save was stored, which every later read
-- parses to that depth; and the proof-size refusal printed ###.# for a claim of 1,000 MiB or more
-- (to_char's 'FM990.0' has room for three digits). Now:
-- - apps_url_web_address and apps_thumbnail_address hold every row to what the catalogue tool already
--   asks: a page is an http(s) address with a host and no user name, password or white space, or a
--   bundled game's own /games/<id>/index.html; a thumbnail is such an address or a path on this site;
-- - record_app_played and put_game_save refuse a retired game in words, and pay nothing;
-- - put_game_save refuses a save nesting lists and objects more than 32 deep (games' saves nest a
--   handful deep), measured on the text in at most 33 passes (app_private.json_too_deep);
-- - submit_score writes sizes with a thousands separator (2,048.0 MiB).

alter table public.apps
  add constraint apps_url_web_address check (
    url ~* '^https?://[^/?#@[:space:]]+([/?#][^[:space:]]*)?$'
    or (bundled and url ~ '^/games/[a-z0-9][a-z0-9_-]*/index\.html$')
  ),
  add constraint apps_thumbnail_address check (
    thumbnail ~* '^https?://[^/?#@[:space:]]+([/?#][^[:space:]]*)?$'
    or thumbnail ~ '^/[^/\\[:space:]][^\\[:space:]]*$'
  );

create or replace function app_private.json_too_deep(p_text text, p_max integer) returns boolean
language plpgsql immutable set search_path = pg_catalog as $$
declare
  v_rest text := regexp_replace(regexp_replace(p_text, '"(?:[^"\\]|\\.)*"', '', 'g'), '[^][{}]', '', 'g');
  v_next text;
begin
  for i in 1 .. p_max + 1 loop
    if v_rest = '' then
      return false;
    end if;
    v_next := regexp_replace(v_rest, '\[\]|\{\}', '', 'g');
    if v_next = v_rest then
      -- Brackets that do not pair: not JSON, which the caller's parse says, unless they open deeper
      -- than allowed, which the parse must not be left to find.
      return v_rest ~ ('[[{]{' || (p_max + 1) || ',}');
    end if;
    v_rest := v_next;
  end loop;
  return true;
end $$;
revoke execute on function app_private.json_too_deep(text, integer) from public;

create or replace function public.record_app_played(p_app_id text, p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_before integer;
  v_count integer;
  v_coins integer := 0;
  v_title text;
  v_retired boolean;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'record_app_played');
  if v_result is not null then
    return v_result;
  end if;
  select a.title, a.retired_at is not null into v_title, v_retired from public.apps a where a.id = p_app_id;
  if not found then
    raise exception 'Unknown app: %', coalesce(p_app_id, 'null') using errcode = '22023';
  end if;
  if v_retired then
    raise exception '% has left the portal: its plays are no longer counted.', v_title using errcode = 'P0001';
  end if;
  v_before := (app_private.lock_profile(v_uid)).apps_played;

  insert into public.apps_played (user_id, app_id, updated_at) values (v_uid, p_app_id, now())
  on conflict (user_id, app_id) do update set updated_at = excluded.updated_at
  where apps_played.updated_at is distinct from excluded.updated_at;
  select count(*) into v_count from public.apps_played where user_id = v_uid;
  if v_count is distinct from v_before then
    update public.my_users set apps_played = v_count where user_id = v_uid;
  end if;
  -- app_private.reward writes 'app played', or 'app played (streak bonus x2)' while a streak runs.
  if (select count(*) from public.coins_transactions c
      where c.user_id = v_uid and c.created_at > now() - interval '24 hours'
        and c.why in ('app played', 'app played (streak bonus x2)')) < 300 then
    v_coins := app_private.reward(v_uid, 1, 'app played');
  end if;

  v_result := jsonb_build_object('app_id', p_app_id, 'apps_played', v_count, 'coins', v_coins);
  return app_private.finish_mutation(v_uid, p_client_id, v_result);
end $$;
revoke execute on function public.record_app_played(text, uuid) from public, anon;
grant execute on function public.record_app_played(text, uuid) to authenticated, service_role;

create or replace function public.put_game_save(
  p_app_id text, p_state text, p_device_id uuid, p_device_label text, p_saved_at timestamptz,
  p_base_version bigint default null
) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_row public.game_saves;
  v_saved_at timestamptz := least(coalesce(p_saved_at, now()), now());
  v_title text;
  v_retired boolean;
begin
  select a.title, a.retired_at is not null into v_title, v_retired from public.apps a where a.id = p_app_id;
  if not found then
    raise exception 'Unknown app: %', coalesce(p_app_id, 'null') using errcode = '22023';
  end if;
  if v_retired then
    raise exception '% has left the portal: its saves are no longer kept.', v_title using errcode = 'P0001';
  end if;
  if p_state is null or octet_length(p_state) > 32768 then
    raise exception 'A game save must be JSON text of at most 32 KiB.' using errcode = '22023';
  end if;
  -- Before parsing: the parser would recurse as deep as the text nests.
  if app_private.json_too_deep(p_state, 32) then
    raise exception 'A game save may nest lists and objects at most 32 deep.' using errcode = '22023';
  end if;
  begin
    perform p_state::jsonb;
  exception when others then
    raise exception 'A game save must be JSON text of at most 32 KiB.' using errcode = '22023';
  end;
  if p_device_id is null then
    raise exception 'A game save needs the id of the device that made it.' using errcode = '22023';
  end if;
  if p_device_label is null or char_length(p_device_label) > 60 then
    raise exception 'A device label is text of at most 60 characters.' using errcode = '22023';
  end if;
  if p_base_version < 1 then
    raise exception 'A base version is one the server gave: 1 or more.' using errcode = '22023';
  end if;

  -- Two tabs of one student saving at once must not both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('game_saves:' || v_uid::text));
  delete from app_private.game_save_writes w where w.user_id = v_uid and w.written_at <= now() - interval '1 minute';
  if (select count(*) from app_private.game_save_writes w where w.user_id = v_uid) >= 30 then
    raise exception 'Your games were saved more than 30 times in a minute. The next save is sent in a moment.'
      using errcode = 'P0001';
  end if;
  insert into app_private.game_save_writes (user_id) values (v_uid);

  select * into v_row from public.game_saves s where s.user_id = v_uid and s.app_id = p_app_id for update;
  if not found then
    insert into public.game_saves (user_id, app_id, state, device_id, device_label, saved_at)
    values (v_uid, p_app_id, p_state, p_device_id, p_device_label, v_saved_at)
    returning * into v_row;
    return jsonb_build_object('status', 'saved', 'version', v_row.version);
  end if;
  if v_row.state = p_state then
    return jsonb_build_object('status', 'saved', 'version', v_row.version);
  end if;
  if p_base_version is distinct from v_row.version and v_row.device_id <> p_device_id then
    return jsonb_build_object(
      'status', 'conflict', 'version', v_row.version, 'state', v_row.state,
      'device_id', v_row.device_id, 'device_label', v_row.device_label, 'saved_at', v_row.saved_at
    );
  end if;
  update public.game_saves s
  set state = p_state, version = s.version + 1, device_id = p_device_id, device_label = p_device_label,
      saved_at = v_saved_at, updated_at = now()
  where s.user_id = v_uid and s.app_id = p_app_id
  returning * into v_row;
  return jsonb_build_object('status', 'saved', 'version', v_row.version);
end $$;
revoke execute on function public.put_game_save(text, text, uuid, text, timestamptz, bigint) from public, anon;
grant execute on function public.put_game_save(text, text, uuid, text, timestamptz, bigint) to authenticated, service_role;

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

