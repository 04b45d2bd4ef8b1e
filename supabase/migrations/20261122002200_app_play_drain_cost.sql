-- Draining a long offline session sends hundreds of record_app_played through apply_mutations, and
-- each one cost about 0.35 ms of SQL. Measured piece by piece, the largest share (about a third) was
-- rewriting the profile's apps_played count on every play, although it only changes on the first play
-- of an app: apps_played is indexed for the leaderboard, so every such write is a full row version plus
-- an entry in each of the profile's indexes. The next largest was the registry dispatch itself, a
-- dynamic EXECUTE parsed and planned again for every operation.
--
-- 1. record_app_played writes the count only when it differs from the locked profile row. The profile
--    is still locked first, the count is still recomputed (and returned) on every call, so a count
--    that drifted (an app removed from the catalogue) is still corrected by the next play. Everything
--    else is the body of 20261122001200_app_play_reward_cap.sql: the idempotency claim, the unknown-app
--    refusal, the daily cap of 300 paid plays counted under the profile lock, the streak bonus.
--    A play of an app already stamped with this transaction's now() (the same app again in one batch)
--    skips the identical re-stamp: same value, no new row version.
-- 2. apply_mutations calls record_app_played directly, without EXECUTE, but only while its registry
--    row still holds exactly the call written in 20261121002600_mutation_registry.sql; if a later
--    migration changes that row, the registry's call is used again. The registry stays the one list of
--    kinds: an unknown kind is refused from it as before, and every other kind runs from it as before.

create or replace function public.record_app_played(p_app_id text, p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_before integer;
  v_count integer;
  v_coins integer := 0;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'record_app_played');
  if v_result is not null then
    return v_result;
  end if;
  if not exists (select 1 from public.apps where id = p_app_id) then
    raise exception 'Unknown app: %', coalesce(p_app_id, 'null') using errcode = '22023';
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

create or replace function public.apply_mutations(p_ops jsonb) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_op jsonb;
  v_id uuid;
  v_args jsonb;
  v_call text;
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
    -- Each op in its own subtransaction: one refusal never undoes the others.
    begin
      if jsonb_typeof(v_op) <> 'object' or coalesce(jsonb_typeof(v_op -> 'id'), '') <> 'string' then
        raise exception 'Each operation needs a uuid "id"' using errcode = '22023';
      end if;
      v_id := (v_op ->> 'id')::uuid;
      v_args := coalesce(v_op -> 'args', '{}'::jsonb);
      if jsonb_typeof(v_args) <> 'object' then
        raise exception '"args" must be an object' using errcode = '22023';
      end if;
      select k.call into v_call from app_private.mutation_kinds k where k.kind = v_op ->> 'kind';
      if v_call is null then
        raise exception 'Unknown operation kind: %', coalesce(v_op ->> 'kind', 'null') using errcode = '22023';
      end if;
      -- The bulk of a drain is plays: the same call as the registry's, without planning it per op.
      if v_call = $q$select public.record_app_played($1 ->> 'p_app_id', $2)$q$ then
        v_result := public.record_app_played(v_args ->> 'p_app_id', v_id);
      else
        execute v_call into v_result using v_args, v_id;
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
