-- A user's coins: the sum of their ledger.

create or replace function app_private.balance(p_uid uuid) returns bigint
language sql stable set search_path = public as $$
  select coalesce(sum(amt), 0)::bigint from public.coins_transactions where user_id = p_uid
$$;
revoke all on function app_private.balance(uuid) from public;
