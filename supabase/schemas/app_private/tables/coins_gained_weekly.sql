-- Each student's coins gained per UTC week (keyed by its Monday), kept by app_private.count_coins_gained
-- beside the daily totals (coins_gained_daily.sql). This week's anonymous coins board (get_coins_gained)
-- reads its top 5 from the index below instead of summing a week of daily rows for every student and
-- sorting them all (issue 26: 2.4 -> 9.8 ms p95 on PostgreSQL 15 with a semester's 1,100 accounts, and
-- growing with the school). Seasons, which may start mid-week or mid-day, still count from the daily
-- totals.

create table app_private.coins_gained_weekly (
  week date not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  amount bigint not null,
  primary key (week, user_id)
);
-- A week's biggest gains first, so the board stops after its top 5 and their ties.
create index coins_gained_weekly_top_idx on app_private.coins_gained_weekly (week, amount desc);
