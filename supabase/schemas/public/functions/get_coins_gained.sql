-- The public "most coins gained" board (the client passes this week's Monday 00:00 UTC): the top 5,
-- ties broken by username so every caller sees the same order. It counts whole periods only: any
-- start_date is taken back to the period it falls in (app_private.whole_period_start). The overload
-- that also takes p_user_id is the caller's own total (get_coins_gained.for_user.sql).

create or replace function public.get_coins_gained(start_date timestamptz)
returns table (user_id uuid, username text, icon text, amount bigint)
language sql stable security definer set search_path = public as $$
  select g.user_id, m.username, m.icon, g.amount
  from (
    select c.user_id, sum(c.amt)::bigint as amount
    from public.coins_transactions c
    where c.amt > 0 and c.created_at >= app_private.whole_period_start(start_date)
    group by c.user_id
  ) g
  join public.my_users m on m.user_id = g.user_id
  order by g.amount desc, m.username
  limit 5
$$;
revoke execute on function public.get_coins_gained(timestamptz) from public;
grant execute on function public.get_coins_gained(timestamptz) to anon, authenticated, service_role;
