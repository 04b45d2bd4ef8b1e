-- A semester of data (issue 26): the reads that missed their goals with a school year in the database
-- (tests/bench/semester.bench.ts: 1,000 students, 1,000,000 ledger rows, 200,000 chat messages,
-- 20,000 reports and takedown requests). p95 with the semester, embedded backend / PostgreSQL 15:
--
--                                     before                 after (p95, ms)
--   get_chat_messages, newest page     74.9 / 539.4           169.3 / 13.3   (PostgreSQL p50 396.2 -> 4.0)
--   get_chat_messages, poll            29.3 /  76.3            56.8 / 16.9   (PostgreSQL p50 59.4 -> 2.7)
--   get_open_chat_reports              35.7 /  36.7            30.0 / 12.5   (PostgreSQL p50 11.6 -> 3.3)
--   get_open_takedowns                 23.9 /  11.2            17.3 /  8.9
--   get_coins_gained, the week board  134.1 /  31.7            63.2 / 30.0   (p50 79.2 / 19.4 -> 26.8 / 14.4)
--
-- One run of the benchmark each, 30 reads a figure, on a 2-core machine shared with other work (load
-- average about 20): the embedded figures above 50 ms are that machine's noise (the empty database's
-- p95 for the same reads was 148 and 48 ms in the same run; the plans are index scans now). The week
-- board's "before" counted ten days, not the four of this week, so its figures compare loosely. The
-- plans showed a sort of all 200,000 messages (PostgreSQL), a sort of each whole queue, and a week of
-- the ledger (37,000 rows) aggregated; a week of daily totals is at most 7 rows a student.

-- The desk's queues of open chat reports and takedown requests read the oldest open ones first from a
-- partial index each, instead of sorting the whole table (the closed ones are nearly all of it). The
-- takedowns' index, takedown_requests_open_idx, came with 20261127000200_own_cases_and_takedowns.
create index chat_reports_open_idx on public.chat_reports (created_at, id) where closed_at is null;

-- get_chat_messages ordered by CASE expressions (newest page or poll, in one query), which no index
-- can give: every read sorted the whole room. Two pages, one always empty, each read from
-- (created_at, id) in its own direction, replace it; the new index serves both, so the old one goes.
drop index public.chat_messages_created_idx;
create index chat_messages_created_id_idx on public.chat_messages (created_at, id);

create or replace function public.get_chat_messages(p_since timestamptz default null, p_limit integer default 50)
returns table (id bigint, user_id uuid, username text, icon text, body text, created_at timestamptz, client_id uuid)
language sql stable security invoker set search_path = public as $$
  -- Two pages, one of them empty: each reads chat_messages_created_id_idx in its own direction and
  -- stops at the limit (one order by both ways made the planner sort the whole room).
  select page.id, page.user_id, p.username, p.icon, page.body, page.created_at,
    case when page.user_id = (select auth.uid()) then page.client_id end as client_id
  from (
    (select m.id, m.user_id, m.body, m.created_at, m.client_id
     from public.chat_messages m
     where p_since is null
     order by m.created_at desc, m.id desc
     limit least(greatest(coalesce(p_limit, 50), 1), 200))
    union all
    (select m.id, m.user_id, m.body, m.created_at, m.client_id
     from public.chat_messages m
     where m.created_at > p_since
     order by m.created_at, m.id
     limit least(greatest(coalesce(p_limit, 50), 1), 200))
  ) page
  left join public.public_profiles p on p.user_id = page.user_id
  order by page.created_at, page.id
$$;

-- The coins board summed a week (or a season) of the ledger on every read: coins gained per student
-- and UTC day are now kept beside it, by a trigger, and counted from what the ledger holds today.
create table app_private.coins_gained_daily (
  day date not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  amount bigint not null,
  primary key (day, user_id)
);

insert into app_private.coins_gained_daily (day, user_id, amount)
select (c.created_at at time zone 'UTC')::date, c.user_id, sum(c.amt)
from public.coins_transactions c
where c.amt > 0
group by 1, 2;

create or replace function app_private.count_coins_gained() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.amt > 0 then
    update app_private.coins_gained_daily d set amount = d.amount - old.amt
    where d.day = (old.created_at at time zone 'UTC')::date and d.user_id = old.user_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.amt > 0 then
    insert into app_private.coins_gained_daily as d (day, user_id, amount)
    values ((new.created_at at time zone 'UTC')::date, new.user_id, new.amt)
    on conflict (day, user_id) do update set amount = d.amount + excluded.amount;
  end if;
  return null;
end $$;
revoke all on function app_private.count_coins_gained() from public;

create trigger count_coins_gained after insert or update or delete on public.coins_transactions
  for each row execute function app_private.count_coins_gained();

create or replace function public.get_coins_gained(start_date timestamptz)
returns table (user_id uuid, username text, icon text, amount bigint)
language sql stable security definer set search_path = public as $$
  -- Whole UTC days from the daily totals (app_private.coins_gained_daily); the ledger only for the
  -- part of a day before the first whole one, when a season starts in the middle of a day.
  with period as (
    select s.starts, ((s.starts at time zone 'UTC') + interval '1 day' - interval '1 microsecond')::date as first_day
    from (select app_private.whole_period_start(start_date) as starts) s
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
  limit 5
$$;
