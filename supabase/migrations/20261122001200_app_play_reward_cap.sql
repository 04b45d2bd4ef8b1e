-- record_app_played paid 1 coin (2 with a running streak) for every call with a fresh client id and had
-- no limit at all: a student scripting the RPC minted 200 coins in 200 requests, a Golden Duck's 30000
-- in a few minutes, where every other reward is bounded (one streak claim a day, one time tick per
-- 5 minutes). A play now earns its coin at most 300 times in any 24 hours, far more games than a
-- student opens in a day, so scripting earns at most 600 coins a day. Later plays are still recorded
-- (apps_played and the profile's count move as before) but answer coins 0 and add no ledger row.
-- Counting runs under the profile lock, so concurrent calls cannot slip past the cap together. The
-- body is otherwise the one of 20261121000900_rpc_mutations.sql.

create or replace function public.record_app_played(p_app_id text, p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
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
  perform app_private.lock_profile(v_uid);

  insert into public.apps_played (user_id, app_id, updated_at) values (v_uid, p_app_id, now())
  on conflict (user_id, app_id) do update set updated_at = excluded.updated_at;
  select count(*) into v_count from public.apps_played where user_id = v_uid;
  update public.my_users set apps_played = v_count where user_id = v_uid;
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
