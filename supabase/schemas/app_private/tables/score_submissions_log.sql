-- When each student sent each game's scores over the last day (issue 20): the rate limits count these
-- rows, not the submissions, so withdrawing a score does not give its turn back. Written by
-- app_private.leaderboard_submissions_guard, which also drops a student's rows older than a day.

create table app_private.score_submissions_log (
  user_id uuid not null,
  app_id text not null,
  sent_at timestamptz not null default now()
);
create index score_submissions_log_user_app_idx on app_private.score_submissions_log (user_id, app_id, sent_at);
-- For the sweep by age (app_private.sweep_old_rows), which also drops the rows of a student who stopped sending.
create index score_submissions_log_sent_at_idx on app_private.score_submissions_log (sent_at);
