-- Stores a game save from a device (issue 18), through the outbox. p_base_version is the server version
-- the device's copy descends from (null: it never had one). The save replaces the slot when the slot has
-- not moved on since that version, when the device's own later write moved it (its queued saves each
-- name the version it last heard of), or when it holds the same state; otherwise another device changed
-- the slot meanwhile, and nothing is overwritten: the answer says 'conflict', and the device keeps both
-- copies for the student to choose (src/domain/saveMerge.ts). Sending the same save again changes nothing,
-- so the outbox needs no idempotency key here. At most 30 saves a minute per student: the portal sends a
-- game's save at most every 3 seconds of play, whatever the game writes on the device.
-- A retired app's saves are refused in words, and a save may nest at most 32 deep (issue 26: a
-- 16,000-deep save was stored, which every later read must parse to that depth); games' saves nest a
-- handful deep.

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
