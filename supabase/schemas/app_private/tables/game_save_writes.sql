-- When each student's saves reached the server over the last minute (issue 18), for put_game_save's
-- rate limit; it drops a student's older rows as it writes.

create table app_private.game_save_writes (
  user_id uuid not null,
  written_at timestamptz not null default now()
);
create index game_save_writes_user_idx on app_private.game_save_writes (user_id, written_at);
-- For the sweep by age (app_private.sweep_old_rows), which also drops the rows of a student who stopped saving.
create index game_save_writes_written_at_idx on app_private.game_save_writes (written_at);
