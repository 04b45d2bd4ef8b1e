-- The caller's balance; for their owner alone.

create or replace function public.get_coin_amt(p_user_id uuid) returns bigint
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  if p_user_id is distinct from v_uid then
    raise exception 'You can only read your own coins.' using errcode = '42501';
  end if;
  return app_private.balance(v_uid);
end $$;
revoke execute on function public.get_coin_amt(uuid) from public, anon;
grant execute on function public.get_coin_amt(uuid) to authenticated, service_role;
