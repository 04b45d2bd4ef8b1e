-- Editing the public part of one's own profile (username, icon, about text) as an idempotent RPC,
-- so an edit made offline can wait in the outbox and be replayed safely, and the recent plays of any
-- profile for its public page (apps_played itself is owner-only).

-- Arguments left null keep their current value; an empty about text clears it. A taken username
-- (compared ignoring case), a malformed one, an over-long about text or an icon that is neither a
-- default icon nor an icon item the user owns is refused with the text the user sees, and nothing
-- changes.
create or replace function public.update_profile(
  p_username text, p_icon text, p_user_about text, p_client_id uuid
) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_profile public.my_users;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'update_profile');
  if v_result is not null then
    return v_result;
  end if;
  v_profile := app_private.lock_profile(v_uid);

  if p_username is not null then
    if p_username !~ '^[A-Za-z0-9_-]{3,20}$' then
      raise exception 'Usernames are 3 to 20 letters, digits, _ or -.' using errcode = 'P0001';
    end if;
    if exists (select 1 from public.my_users where lower(username) = lower(p_username) and user_id <> v_uid) then
      raise exception 'That username is already taken. Please choose another one.' using errcode = 'P0001';
    end if;
  end if;
  if p_user_about is not null and char_length(p_user_about) > 500 then
    raise exception 'The about text can be at most 500 characters.' using errcode = 'P0001';
  end if;
  if p_icon is not null and p_icon !~ '^default_[a-z0-9_]{1,40}$' and not exists (
    select 1 from public.items_unlocked where user_id = v_uid and item = p_icon and type = 'icon'
  ) then
    raise exception 'You do not own that icon.' using errcode = 'P0001';
  end if;

  begin
    update public.my_users set
      username = coalesce(p_username, username),
      icon = coalesce(p_icon, icon),
      user_about = case when p_user_about is null then user_about else nullif(p_user_about, '') end
    where user_id = v_uid
    returning * into v_profile;
  exception when unique_violation then
    -- Two students racing for one name: the loser hears the same as if it had been taken before.
    raise exception 'That username is already taken. Please choose another one.' using errcode = 'P0001';
  end;

  return app_private.finish_mutation(v_uid, p_client_id, jsonb_build_object(
    'username', v_profile.username, 'icon', v_profile.icon, 'user_about', v_profile.user_about));
end $$;
revoke execute on function public.update_profile(text, text, text, uuid) from public, anon;
grant execute on function public.update_profile(text, text, text, uuid) to authenticated, service_role;

-- The 6 most recent plays of a profile, newest first, found by username (ignoring case).
create or replace function public.get_recent_plays(p_username text)
returns table (app_id text, title text, updated_at timestamptz)
language sql stable security definer set search_path = public as $$
  select p.app_id, a.title, p.updated_at
  from public.my_users m
  join public.apps_played p on p.user_id = m.user_id
  join public.apps a on a.id = p.app_id
  where lower(m.username) = lower(p_username)
  order by p.updated_at desc, p.id desc
  limit 6
$$;
revoke execute on function public.get_recent_plays(text) from public;
grant execute on function public.get_recent_plays(text) to anon, authenticated, service_role;

-- apply_mutations as in 20261121001000_apply_mutations.sql, with the update_profile branch.
create or replace function public.apply_mutations(p_ops jsonb) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_op jsonb;
  v_id uuid;
  v_kind text;
  v_args jsonb;
  v_result jsonb;
  v_out jsonb := '[]'::jsonb;
  v_code text;
  v_message text;
begin
  if p_ops is null or jsonb_typeof(p_ops) <> 'array' then
    raise exception 'p_ops must be an array of operations' using errcode = '22023';
  end if;
  if jsonb_array_length(p_ops) > 100 then
    raise exception 'At most 100 operations per batch, got %', jsonb_array_length(p_ops) using errcode = '22023';
  end if;

  for v_op in select value from jsonb_array_elements(p_ops) loop
    begin
      if jsonb_typeof(v_op) <> 'object' or coalesce(jsonb_typeof(v_op -> 'id'), '') <> 'string' then
        raise exception 'Each operation needs a uuid "id"' using errcode = '22023';
      end if;
      v_id := (v_op ->> 'id')::uuid;
      v_kind := v_op ->> 'kind';
      v_args := coalesce(v_op -> 'args', '{}'::jsonb);
      if jsonb_typeof(v_args) <> 'object' then
        raise exception '"args" must be an object' using errcode = '22023';
      end if;

      if v_kind = 'claim_streak' then
        v_result := public.claim_streak(v_id);
      elsif v_kind = 'record_app_played' then
        v_result := public.record_app_played(v_args ->> 'p_app_id', v_id);
      elsif v_kind = 'increment_time_spent' then
        v_result := public.increment_time_spent(
          (v_args ->> 'user_id')::uuid, (v_args ->> 'increment_value')::integer, v_id);
      elsif v_kind = 'buy_item' then
        v_result := public.buy_item(v_args ->> 'p_item_id', v_id);
      elsif v_kind = 'set_item_equipped' then
        v_result := public.set_item_equipped(v_args ->> 'p_item_id', (v_args ->> 'p_equipped')::boolean, v_id);
      elsif v_kind = 'claim_battlepass_tier' then
        v_result := public.claim_battlepass_tier(
          (v_args ->> 'p_season')::integer, (v_args ->> 'p_tier')::integer, v_id);
      elsif v_kind = 'submit_score' then
        v_result := jsonb_build_object('id',
          public.submit_score(v_args ->> 'p_app_id', (v_args ->> 'p_score')::bigint, v_id));
      elsif v_kind = 'update_profile' then
        v_result := public.update_profile(
          v_args ->> 'p_username', v_args ->> 'p_icon', v_args ->> 'p_user_about', v_id);
      else
        raise exception 'Unknown operation kind: %', coalesce(v_kind, 'null') using errcode = '22023';
      end if;
      v_out := v_out || jsonb_build_array(jsonb_build_object('id', v_id, 'ok', true, 'result', v_result));
    exception when others then
      get stacked diagnostics v_code = returned_sqlstate, v_message = message_text;
      v_out := v_out || jsonb_build_array(jsonb_build_object(
        'id', v_op -> 'id', 'ok', false, 'code', v_code, 'message', v_message));
    end;
  end loop;
  return v_out;
end $$;
revoke execute on function public.apply_mutations(jsonb) from public, anon;
grant execute on function public.apply_mutations(jsonb) to authenticated, service_role;
