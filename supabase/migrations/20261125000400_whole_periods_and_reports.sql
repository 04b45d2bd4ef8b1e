-- Two small leaks closed (issue 20).
--
-- 1. The anonymous coins board took any start_date: with now minus 3 seconds it named the student who
--    had just claimed. It now counts whole periods only (a season from its start, else whole weeks
--    from Monday 00:00 UTC); the client asks for this week. Only the board's filter changed.
-- 2. Reporting a hidden chat message succeeded while reporting a missing one failed on the foreign
--    key, which told a student that a hidden message existed. A report now needs a message the
--    reporter can see, so both get the same refusal.

create or replace function app_private.whole_period_start(p_start timestamptz) returns timestamptz
language sql stable set search_path = public as $$
  select coalesce(
    (select s.starts_at from public.battlepass_seasons s where s.starts_at = p_start limit 1),
    date_trunc('week', p_start at time zone 'UTC') at time zone 'UTC'
  )
$$;
revoke all on function app_private.whole_period_start(timestamptz) from public;

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

drop policy "users report as themselves" on public.chat_reports;
create policy "users report as themselves" on public.chat_reports
  for insert to authenticated with check (
    reporter_id = (select auth.uid())
    and exists (select 1 from public.chat_messages m where m.id = message_id)
  );

