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
