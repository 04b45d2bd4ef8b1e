-- Coins gained (positive amounts only) since start_date, for the caller: the battle-pass total.
-- The overload with only start_date is the public board (get_coins_gained.sql).

create or replace function public.get_coins_gained(p_user_id uuid, start_date timestamptz) returns bigint
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  if p_user_id is distinct from v_uid then
    raise exception 'You can only read your own coins.' using errcode = '42501';
  end if;
  if start_date is null then
    raise exception 'start_date is required' using errcode = '22023';
  end if;
  return (
    select coalesce(sum(c.amt), 0)::bigint from public.coins_transactions c
    where c.user_id = v_uid and c.amt > 0 and c.created_at >= start_date
  );
end $$;
revoke execute on function public.get_coins_gained(uuid, timestamptz) from public, anon;
grant execute on function public.get_coins_gained(uuid, timestamptz) to authenticated, service_role;
