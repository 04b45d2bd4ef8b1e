-- A stat's value within one run the server saw start (issue 29): the pace rule holds this value to
-- the run's age, and a total stat adds only what the run grew since its last report. Gone with its run
-- (a run is kept a day, app_private.game_runs).

create table app_private.run_stats (
  run_id uuid not null references app_private.game_runs (run_id) on delete cascade,
  name text not null,
  value bigint not null,
  primary key (run_id, name),
  constraint run_stats_value_range check (value between 0 and 1000000000)
);
