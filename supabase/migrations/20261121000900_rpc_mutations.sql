-- The RPCs that change money, time and progress. The server is the authority: each one is security
-- definer (the API roles cannot write these tables themselves), uses the server's now(), locks the
-- caller's profile row before reading what it decides on, and takes a client-made id (p_client_id)
-- that it applies at most once: a replay returns the first result and changes nothing, so the
-- offline outbox can retry freely. Rule refusals raise P0001 with the text the user sees; bad
-- arguments raise 22023; no signed-in user raises 42501.

create or replace function public.ensure_profile() returns public.my_users
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_profile public.my_users;
begin
  select * into v_profile from public.my_users where user_id = v_uid;
  if not found then
    perform app_private.create_profile(v_uid);
    select * into v_profile from public.my_users where user_id = v_uid;
  end if;
  return v_profile;
end $$;
revoke execute on function public.ensure_profile() from public, anon;
grant execute on function public.ensure_profile() to authenticated, service_role;

-- Claim window: a claim is possible with no previous claim or when the last one is MORE than 1 day
-- old. The streak continues when the last claim is at most 2 days old, else it restarts at 1. The
-- 100 coins are doubled when the streak was running before this claim.
create or replace function public.claim_streak(p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_old public.streak;
  v_new public.streak;
  v_coins integer;
  v_current integer;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'claim_streak');
  if v_result is not null then
    return v_result;
  end if;
  perform app_private.lock_profile(v_uid);

  select * into v_old from public.streak where user_id = v_uid for update;
  if v_old.last_claim is not null and now() - v_old.last_claim <= interval '1 day' then
    raise exception 'You already claimed your streak today. Come back later!' using errcode = 'P0001';
  end if;

  v_coins := app_private.reward(v_uid, 100, 'streak claim');
  v_current := case
    when v_old.last_claim is not null and now() - v_old.last_claim <= interval '2 days' then v_old.current_streak + 1
    else 1
  end;

  insert into public.streak (user_id, current_streak, longest_streak, last_claim)
  values (v_uid, v_current, v_current, now())
  on conflict (user_id) do update set
    current_streak = excluded.current_streak,
    longest_streak = greatest(public.streak.longest_streak, excluded.current_streak),
    last_claim = excluded.last_claim
  returning * into v_new;

  update public.my_users
  set current_streak = v_new.current_streak, longest_streak = v_new.longest_streak
  where user_id = v_uid;

  v_result := jsonb_build_object(
    'current_streak', v_new.current_streak,
    'longest_streak', v_new.longest_streak,
    'last_claim', v_new.last_claim,
    'coins', v_coins
  );
  return app_private.finish_mutation(v_uid, p_client_id, v_result);
end $$;
revoke execute on function public.claim_streak(uuid) from public, anon;
grant execute on function public.claim_streak(uuid) to authenticated, service_role;

-- The periodic activity tick: +5 minutes of time spent and +5 coins, at most once per 5 minutes.
-- The spec's parameter names are kept, so the body refers to them qualified by the function name.
create or replace function public.increment_time_spent(user_id uuid, increment_value integer, p_client_id uuid default null)
returns jsonb
language plpgsql security definer set search_path = public as $$
#variable_conflict use_column
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_profile public.my_users;
  v_coins integer;
begin
  if increment_time_spent.user_id is distinct from v_uid then
    raise exception 'You can only add time to your own profile.' using errcode = '42501';
  end if;
  if increment_value is null or increment_value <> 5 then
    raise exception 'increment_value must be 5' using errcode = '22023';
  end if;
  if p_client_id is not null then
    v_result := app_private.begin_mutation(v_uid, p_client_id, 'increment_time_spent');
    if v_result is not null then
      return v_result;
    end if;
  end if;

  v_profile := app_private.lock_profile(v_uid);
  if v_profile.last_tick_at is not null and now() - v_profile.last_tick_at < interval '5 minutes' then
    raise exception 'Time spent was already counted less than 5 minutes ago.' using errcode = 'P0001';
  end if;

  update public.my_users m
  set time_spent = m.time_spent + 5, last_tick_at = now()
  where m.user_id = v_uid
  returning * into v_profile;
  v_coins := app_private.reward(v_uid, 5, 'time spent');

  v_result := jsonb_build_object('time_spent', v_profile.time_spent, 'coins', v_coins);
  if p_client_id is not null then
    perform app_private.finish_mutation(v_uid, p_client_id, v_result);
  end if;
  return v_result;
end $$;
revoke execute on function public.increment_time_spent(uuid, integer, uuid) from public, anon;
grant execute on function public.increment_time_spent(uuid, integer, uuid) to authenticated, service_role;

-- An app was opened: +1 coin, its row in apps_played is (re)stamped, and the profile counts the
-- distinct apps played.
create or replace function public.record_app_played(p_app_id text, p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_count integer;
  v_coins integer;
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
  v_coins := app_private.reward(v_uid, 1, 'app played');

  v_result := jsonb_build_object('app_id', p_app_id, 'apps_played', v_count, 'coins', v_coins);
  return app_private.finish_mutation(v_uid, p_client_id, v_result);
end $$;
revoke execute on function public.record_app_played(text, uuid) from public, anon;
grant execute on function public.record_app_played(text, uuid) to authenticated, service_role;

-- A shop purchase at the server's price. Only listed items are for sale (Dabloon packs never are).
create or replace function public.buy_item(p_item_id text, p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_item public.shop_items;
  v_balance bigint;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'buy_item');
  if v_result is not null then
    return v_result;
  end if;
  select * into v_item from public.shop_items where id = p_item_id and listed and price is not null;
  if not found then
    raise exception 'item not found from consts' using errcode = 'P0001';
  end if;
  perform app_private.lock_profile(v_uid);

  if exists (select 1 from public.items_unlocked where user_id = v_uid and item = v_item.id) then
    raise exception 'Item not unlocked, You already have it' using errcode = 'P0001';
  end if;
  v_balance := app_private.balance(v_uid);
  if v_balance < v_item.price then
    raise exception 'not enough coins' using errcode = 'P0001';
  end if;

  insert into public.coins_transactions (user_id, amt, why) values (v_uid, -v_item.price, 'bought ' || v_item.id);
  perform app_private.unlock_item(v_uid, v_item, 'bought ' || v_item.id);

  v_result := jsonb_build_object(
    'item', v_item.id, 'type', v_item.type, 'price', v_item.price, 'coins', v_balance - v_item.price
  );
  return app_private.finish_mutation(v_uid, p_client_id, v_result);
end $$;
revoke execute on function public.buy_item(text, uuid) from public, anon;
grant execute on function public.buy_item(text, uuid) to authenticated, service_role;

-- Wear or take off an owned cursor, background or font; wearing one takes off the other of its type.
create or replace function public.set_item_equipped(p_item_id text, p_equipped boolean, p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_owned public.items_unlocked;
begin
  if p_equipped is null then
    raise exception 'p_equipped must be true or false' using errcode = '22023';
  end if;
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'set_item_equipped');
  if v_result is not null then
    return v_result;
  end if;
  perform app_private.lock_profile(v_uid);

  select * into v_owned from public.items_unlocked where user_id = v_uid and item = p_item_id for update;
  if not found then
    if not exists (select 1 from public.shop_items where id = p_item_id) then
      raise exception 'item not found from consts' using errcode = 'P0001';
    end if;
    raise exception 'You do not own that item.' using errcode = 'P0001';
  end if;
  if p_equipped and v_owned.type not in ('cursor', 'background', 'font') then
    raise exception 'Only cursors, backgrounds and fonts can be equipped.' using errcode = 'P0001';
  end if;

  if p_equipped then
    update public.items_unlocked set equipped = false
    where user_id = v_uid and type = v_owned.type and item <> v_owned.item and equipped;
  end if;
  update public.items_unlocked set equipped = p_equipped where id = v_owned.id;

  v_result := jsonb_build_object('item', v_owned.item, 'type', v_owned.type, 'equipped', p_equipped);
  return app_private.finish_mutation(v_uid, p_client_id, v_result);
end $$;
revoke execute on function public.set_item_equipped(text, boolean, uuid) from public, anon;
grant execute on function public.set_item_equipped(text, boolean, uuid) to authenticated, service_role;

-- A battle-pass reward: the season must have started, and the coins gained inside its window
-- [starts_at, ends_at) must reach the tier. A reward can be claimed after the season ends.
create or replace function public.claim_battlepass_tier(p_season integer, p_tier integer, p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_season public.battlepass_seasons;
  v_tier public.battlepass_tiers;
  v_item public.shop_items;
  v_gained bigint;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'claim_battlepass_tier');
  if v_result is not null then
    return v_result;
  end if;
  select * into v_season from public.battlepass_seasons where season = p_season;
  if not found then
    raise exception 'Unknown battle-pass season: %', coalesce(p_season::text, 'null') using errcode = '22023';
  end if;
  select * into v_tier from public.battlepass_tiers where season = p_season and tier = p_tier;
  if not found then
    raise exception 'Season % has no tier %', p_season, coalesce(p_tier::text, 'null') using errcode = '22023';
  end if;
  if now() < v_season.starts_at then
    raise exception 'This battle pass has not started yet.' using errcode = 'P0001';
  end if;
  perform app_private.lock_profile(v_uid);

  select coalesce(sum(amt), 0) into v_gained from public.coins_transactions
  where user_id = v_uid and amt > 0 and created_at >= v_season.starts_at and created_at < v_season.ends_at;
  if v_gained < v_tier.coins_required then
    raise exception 'Gain % more coins this season to reach tier %.', v_tier.coins_required - v_gained, p_tier
      using errcode = 'P0001';
  end if;

  select * into v_item from public.shop_items where id = v_tier.item_id;
  perform app_private.unlock_item(v_uid, v_item, 'battle pass season ' || p_season || ' tier ' || p_tier);

  v_result := jsonb_build_object('season', p_season, 'tier', p_tier, 'item', v_item.id, 'type', v_item.type);
  return app_private.finish_mutation(v_uid, p_client_id, v_result);
end $$;
revoke execute on function public.claim_battlepass_tier(integer, integer, uuid) from public, anon;
grant execute on function public.claim_battlepass_tier(integer, integer, uuid) to authenticated, service_role;

-- A high-score submission; it shows on the leaderboard once its proof image is uploaded.
create or replace function public.submit_score(p_app_id text, p_score bigint, p_client_id uuid) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_id bigint;
begin
  if p_score is null or p_score < 0 or p_score > 1000000000 then
    raise exception 'The score must be a whole number from 0 to 1,000,000,000.' using errcode = '22023';
  end if;
  if not exists (select 1 from public.apps where id = p_app_id) then
    raise exception 'Unknown app: %', coalesce(p_app_id, 'null') using errcode = '22023';
  end if;
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'submit_score');
  if v_result is not null then
    return (v_result ->> 'id')::bigint;
  end if;
  perform app_private.lock_profile(v_uid);
  insert into public.leaderboard_submissions (user_id, app_id, score) values (v_uid, p_app_id, p_score)
  returning id into v_id;
  perform app_private.finish_mutation(v_uid, p_client_id, jsonb_build_object('id', v_id));
  return v_id;
end $$;
revoke execute on function public.submit_score(text, bigint, uuid) from public, anon;
grant execute on function public.submit_score(text, bigint, uuid) to authenticated, service_role;

-- The upload-failed path: withdraw one's own submission while no proof is stored for it.
create or replace function public.delete_score_submission(p_id bigint) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  perform 1 from public.leaderboard_submissions where id = p_id and user_id = v_uid for update;
  if not found then
    raise exception 'Score submission % not found.', coalesce(p_id::text, 'null') using errcode = 'P0002';
  end if;
  if app_private.has_proof(p_id) then
    raise exception 'This score already has its proof image and stays on the leaderboard.' using errcode = 'P0001';
  end if;
  delete from public.leaderboard_submissions where id = p_id;
end $$;
revoke execute on function public.delete_score_submission(bigint) from public, anon;
grant execute on function public.delete_score_submission(bigint) to authenticated, service_role;
