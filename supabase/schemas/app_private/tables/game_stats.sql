-- Each student's stats (issue 29): the value an achievement's threshold is checked against. Written
-- only by public.report_stat, from run values that passed the pace check (app_private.run_stats).

create table app_private.game_stats (
  user_id uuid not null references auth.users (id) on delete cascade,
  app_id text not null,
  name text not null,
  value bigint not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, app_id, name),
  constraint game_stats_value_range check (value between 0 and 1000000000000)
);
