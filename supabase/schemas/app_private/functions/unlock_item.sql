-- Adds an item to the user's collection (equipped false). A badge also joins the profile's badges;
-- a Dabloon pack credits its coins as they are (a pack holds what it says, no streak bonus).

create or replace function app_private.unlock_item(p_uid uuid, p_item public.shop_items, p_why text) returns void
language plpgsql set search_path = public as $$
begin
  insert into public.items_unlocked (user_id, item, type) values (p_uid, p_item.id, p_item.type)
  on conflict (user_id, item) do nothing;
  if not found then
    raise exception 'Item not unlocked, You already have it' using errcode = 'P0001';
  end if;
  if p_item.type = 'badge' then
    update public.my_users set badges = array_append(badges, p_item.id)
    where user_id = p_uid and not (p_item.id = any (badges));
  elsif p_item.type = 'coin' then
    insert into public.coins_transactions (user_id, amt, why) values (p_uid, p_item.price, p_why);
  end if;
end $$;
revoke all on function app_private.unlock_item(uuid, public.shop_items, text) from public;
