-- Cloud saves (issue 18): a game's save follows the student from device to device.
--
-- Why: the bundled games kept their progress only on the device (IndexedDB since the game SDK, before
-- that each game's localStorage), which school Chromebooks wipe and which does not follow a student home.
-- Now each save is written on the device at once, as before, and sent through the outbox to
-- public.game_saves (one slot per student and game, 32 KiB at most) by put_game_save, at most every 3 s
-- of play per game and 30 times a minute per student. A save is never overwritten by a copy that did not
-- know it: when two devices changed the same slot apart, the server keeps its copy, says 'conflict', and
-- the device shows the student both, with which device saved each and when.

create table public.game_saves (
  user_id uuid not null references auth.users (id) on delete cascade,
  app_id text not null references public.apps (id) on delete cascade,
  state text not null,
  version bigint not null default 1,
  device_id uuid not null,
  device_label text not null default '',
  saved_at timestamptz not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, app_id),
  constraint game_saves_state_size check (octet_length(state) <= 32768),
  constraint game_saves_device_label_length check (char_length(device_label) <= 60)
);

alter table public.game_saves enable row level security;

revoke all on table public.game_saves from anon, authenticated;
grant select, insert, update, delete on table public.game_saves to service_role;
grant select on table public.game_saves to authenticated;

create policy "owner reads own saves" on public.game_saves
  for select to authenticated using (user_id = (select auth.uid()));

create table app_private.game_save_writes (
  user_id uuid not null,
  written_at timestamptz not null default now()
);
create index game_save_writes_user_idx on app_private.game_save_writes (user_id, written_at);

create or replace function public.put_game_save(
  p_app_id text, p_state text, p_device_id uuid, p_device_label text, p_saved_at timestamptz,
  p_base_version bigint default null
) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_row public.game_saves;
  v_saved_at timestamptz := least(coalesce(p_saved_at, now()), now());
begin
  if not exists (select 1 from public.apps where id = p_app_id) then
    raise exception 'Unknown app: %', coalesce(p_app_id, 'null') using errcode = '22023';
  end if;
  if p_state is null or octet_length(p_state) > 32768 then
    raise exception 'A game save must be JSON text of at most 32 KiB.' using errcode = '22023';
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

insert into app_private.mutation_kinds (kind, call) values
  ('put_game_save',
   $q$select public.put_game_save($1 ->> 'p_app_id', $1 ->> 'p_state', ($1 ->> 'p_device_id')::uuid,
     $1 ->> 'p_device_label', ($1 ->> 'p_saved_at')::timestamptz, ($1 ->> 'p_base_version')::bigint)$q$);
