-- The public "most coins gained" board (the client passes this week's Monday 00:00 UTC): the top 5,
-- ties broken by username so every caller sees the same order. It counts whole periods only: any
-- start_date is taken back to the period it falls in (app_private.whole_period_start). The overload
-- that also takes p_user_id is the caller's own total (get_coins_gained.for_user.sql).

create or replace function public.get_coins_gained(start_date timestamptz)
returns table (user_id uuid, username text, icon text, amount bigint)
language plpgsql stable security definer set search_path = public as $$
declare
  v_starts timestamptz := app_private.whole_period_start(start_date);
  v_week date := date_trunc('week', v_starts at time zone 'UTC')::date;
begin
  -- A period that starts on a Monday 00:00 UTC with nothing gained after its week (this week's board)
  -- is one row a student in app_private.coins_gained_weekly: the top 5 come from its index, with every
  -- total tied with the fifth so that ties still go by username, instead of every student's week summed
  -- and sorted (issue 26).
  if v_starts = v_week::timestamp at time zone 'UTC'
     and not exists (select 1 from app_private.coins_gained_weekly w where w.week > v_week) then
    return query
      with fifth as (
        select min(t.amount) as amount
        from (
          select w.amount
          from app_private.coins_gained_weekly w
          join public.my_users m on m.user_id = w.user_id
          where w.week = v_week and w.amount > 0
          order by w.amount desc
          limit 5
        ) t
      )
      select w.user_id, m.username, m.icon, w.amount
      from app_private.coins_gained_weekly w
      join public.my_users m on m.user_id = w.user_id
      where w.week = v_week and w.amount >= (select fifth.amount from fifth)
      order by w.amount desc, m.username
      limit 5;
    return;
  end if;
  -- Any other period: whole UTC days from the daily totals (app_private.coins_gained_daily); the ledger
  -- only for the part of a day before the first whole one, when a season starts in the middle of a day.
  return query
    with period as (
      select v_starts as starts, ((v_starts at time zone 'UTC') + interval '1 day' - interval '1 microsecond')::date as first_day
    ), gains as (
      select d.user_id, d.amount
      from app_private.coins_gained_daily d, period
      where d.day >= period.first_day
      union all
      select c.user_id, c.amt
      from public.coins_transactions c, period
      where c.amt > 0 and c.created_at >= period.starts and c.created_at < period.first_day::timestamp at time zone 'UTC'
    )
    select g.user_id, m.username, m.icon, g.amount
    from (select gains.user_id, sum(gains.amount)::bigint as amount from gains group by gains.user_id) g
    join public.my_users m on m.user_id = g.user_id
    where g.amount > 0
    order by g.amount desc, m.username
    limit 5;
end $$;
revoke execute on function public.get_coins_gained(timestamptz) from public;
grant execute on function public.get_coins_gained(timestamptz) to anon, authenticated, service_role;
