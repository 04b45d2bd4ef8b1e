-- The game runs the server saw start (issue 20): a bundled game's score carries the run id the portal
-- issued when play began and the play time the game claims; the portal tells the server of each run as
-- it issues it (public.start_game_run), so a score sent with its run can claim no more play than the
-- server's own clock saw since (one score per run: a unique index on leaderboard_submissions.run_id).
-- A student's runs older than a day are dropped as new ones arrive: no play lasts a day
-- (RUN_DURATION_MAX_MS in src/domain/gameSdk.ts), so a student holds at most a day's runs.
-- A run played with no network is told of later (public.note_offline_game_run, played_offline): the
-- server never saw it start, so its clock vouches for no play time in it. Such a run carries an
-- achievement with no stat (which any run the student starts would), but no stat, and its score is
-- held for a moderator like any score the server did not see played.

create table app_private.game_runs (
  run_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  app_id text not null,
  started_at timestamptz not null default now(),
  played_offline boolean not null default false
);
create index game_runs_user_started_idx on app_private.game_runs (user_id, started_at);
-- For the sweep by age (app_private.sweep_old_rows), which also drops the runs of a student who stopped playing.
create index game_runs_started_at_idx on app_private.game_runs (started_at);
