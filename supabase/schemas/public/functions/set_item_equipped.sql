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
