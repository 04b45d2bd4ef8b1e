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
