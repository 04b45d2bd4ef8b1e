-- How many mutations each student applied in the current minute and day (issue 26, item 2): one
-- student sending batches of 100 through apply_mutations applied 3,566 a second, each leaving an
-- idempotency row. app_private.begin_mutation, where every outbox kind with a client id starts, counts
-- here and refuses the 121st of a minute and the 3,001st of a day. A window starts with the first
-- mutation after the last one ended. One row per student, so counting costs one row update, not a
-- count over the log.

create table app_private.mutation_rates (
  user_id uuid primary key references auth.users (id) on delete cascade,
  minute_start timestamptz not null,
  minute_count integer not null,
  day_start timestamptz not null,
  day_count integer not null
);
