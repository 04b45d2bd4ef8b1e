-- What one real game can score (issue 20). A submission above its game's max_score is refused: nobody
-- playing can produce it, so it can only be forged (a 1,000,000,000-point 2048 ranked first). The
-- bundled games' rows ship with the migrations, each bound derived from the game's own rules; an
-- operator adds or edits rows for other games with SQL. A game with no row keeps the table-wide range.
-- No foreign key: these files build app_private before public.apps; a retired game's row matches nothing.
-- max_per_second, where a game's pace is bounded (a timed round, a fixed speed), caps a score by the
-- play time the game reports with it: score <= max_per_second x (seconds played + 1).
-- can_resume says the game goes on from a save (issue 26), so the play time it reports covers only the
-- session since: only then does a score's resumed flag lift the pace rule. Snake and Tic Tac Toe resume;
-- a game that never does had its maximum in 0 ms by a client saying it had.

create table app_private.score_rules (
  app_id text primary key,
  max_score bigint not null,
  max_per_second numeric,
  can_resume boolean not null default false,
  constraint score_rules_max_score_range check (max_score between 0 and 1000000000),
  constraint score_rules_max_per_second_positive check (max_per_second > 0)
);
