-- The start of the whole period an anonymous coins board counts from (issue 20): a season's start when
-- start_date is one, else the Monday 00:00 UTC of its week. An arbitrary window told who had just
-- gained coins (get_coins_gained with start_date = now minus 3 seconds named the student who had just
-- claimed); a whole week or season shows totals of many moments at once.

create or replace function app_private.whole_period_start(p_start timestamptz) returns timestamptz
language sql stable set search_path = public as $$
  select coalesce(
    (select s.starts_at from public.battlepass_seasons s where s.starts_at = p_start limit 1),
    date_trunc('week', p_start at time zone 'UTC') at time zone 'UTC'
  )
$$;
revoke all on function app_private.whole_period_start(timestamptz) from public;
