-- How many students hold each achievement (issue 29), kept by the unlock and the revoke, so the
-- unlock rate of a game's page reads one row per achievement instead of counting a year of unlocks.
-- No foreign key: these files build app_private before public.achievements; a row of a removed
-- achievement matches nothing.

create table app_private.achievement_counts (
  achievement_id bigint primary key,
  unlocks integer not null default 0,
  constraint achievement_counts_non_negative check (unlocks >= 0)
);
