-- Each student's coins gained per UTC day, kept by app_private.count_coins_gained from the ledger as it
-- is written (issue 26). The anonymous coins board (get_coins_gained) sums these instead of the ledger:
-- a school year's ledger is a million rows, and summing a week of it took 79 ms on PGlite (a season
-- is six weeks); a week of these is at most seven rows a student.

create table app_private.coins_gained_daily (
  day date not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  amount bigint not null,
  primary key (day, user_id)
);
