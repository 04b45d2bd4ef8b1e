-- The stats each game declares (issue 29, games/<id>/achievements.ts for the bundled ones): a stat a
-- game did not declare is refused, and max_per_second bounds how fast one run's value may grow by the
-- server's clock of the run, the pace rule of scores (app_private.score_rules). kind says how runs add
-- up: 'max' keeps the best run, 'total' adds every run. Rows ship with the migrations; an operator's
-- game gets its rows from the catalogue import. No foreign key: these files build app_private before
-- public.apps.

create table app_private.achievement_stats (
  app_id text not null,
  name text not null,
  kind text not null,
  max_per_second numeric not null,
  primary key (app_id, name),
  constraint achievement_stats_name_format check (name ~ '^[a-z][a-z0-9_]{0,31}$'),
  constraint achievement_stats_kind check (kind in ('max', 'total')),
  constraint achievement_stats_pace check (max_per_second > 0 and max_per_second <= 10000)
);
