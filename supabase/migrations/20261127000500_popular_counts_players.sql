-- "Popular this week" counts players, not accounts made to vote (issue 26).
--
-- Why: 9 accounts made on the spot from one address put a game at #1 of "Popular this week" in 0.6 s:
-- every account that opened a game counted. Now apps_played keeps the device of each student's last
-- play of a game (the x-device-address the embedded backend writes into request.headers), and
-- get_popular_apps counts each device once, whichever accounts played on it; where no device is known
-- (hosted Supabase, where no trustworthy address reaches the database), each account counts once it
-- is a day old. Ties go to the game more accounts played, then by id. Plays stored before have no
-- device, so they count by account until replayed.

alter table public.apps_played add column device text;

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

create or replace function public.get_popular_apps(p_limit integer default 10)
returns table (app_id text, players integer)
language plpgsql stable security definer set search_path = public as $$
begin
  if p_limit is null or p_limit not between 1 and 50 then
    raise exception 'p_limit must be between 1 and 50.' using errcode = '22023';
  end if;
  return query
    select r.app_id, r.players::integer
    from (
      select p.app_id,
        count(distinct coalesce('device:' || p.device, 'account:' || p.user_id::text))
          filter (where p.device is not null or u.created_at <= now() - interval '1 day') as players,
        count(distinct p.user_id) as accounts
      from public.apps_played p
      join public.apps a on a.id = p.app_id
      join auth.users u on u.id = p.user_id
      where a.retired_at is null and p.updated_at > now() - interval '7 days'
      group by p.app_id
    ) r
    where r.players > 0
    order by r.players desc, r.accounts desc, r.app_id
    limit p_limit;
end $$;
revoke execute on function public.get_popular_apps(integer) from public;
grant execute on function public.get_popular_apps(integer) to anon, authenticated, service_role;

