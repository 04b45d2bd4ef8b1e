-- An app was opened: its row in apps_played is (re)stamped, the profile counts the distinct apps
-- played, and the play earns 1 coin (2 while a streak runs).
--
-- The coin is paid at most 300 times in any 24 hours. Without a cap, a student scripting the RPC
-- minted 200 coins in 200 requests, a Golden Duck's 30000 in a few minutes, where every other reward
-- is bounded (one streak claim a day, one time tick per 5 minutes). 300 is far more games than a
-- student opens in a day, so scripting earns at most 600 coins a day. Later plays are still recorded
-- (apps_played and the profile's count move as before) but answer coins 0 and add no ledger row.
-- Counting runs under the profile lock, so concurrent calls cannot slip past the cap together.
--
-- Draining a long offline session sends hundreds of these through apply_mutations, and each one cost
-- about 0.35 ms of SQL. Measured piece by piece, the largest share (about a third) was rewriting the
-- profile's apps_played count on every play, although it only changes on the first play of an app:
-- apps_played is indexed for the leaderboard, so every such write is a full row version plus an entry
-- in each of the profile's indexes. So the count is written only when it differs from the locked
-- profile row. It is still recomputed (and returned) on every call, so a count that drifted (an app
-- removed from the catalogue) is corrected by the next play. A play of an app already stamped with
-- this transaction's now() (the same app again in one batch) skips the identical re-stamp: same
-- value, no new row version.
--
-- A retired app (apps.retired_at) is refused in words (issue 26: its plays were recorded and still paid
-- a coin): it is out of the catalogue, so nothing new of it is kept. The play's device, where the
-- embedded backend knows it, is kept for "Popular this week" (get_popular_apps).

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
  v_device text := nullif(btrim(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-device-address'), '');
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

  insert into public.apps_played (user_id, app_id, updated_at, device) values (v_uid, p_app_id, now(), v_device)
  on conflict (user_id, app_id) do update set updated_at = excluded.updated_at, device = excluded.device
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
