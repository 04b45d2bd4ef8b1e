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
