-- Retiring a catalogue entry instead of deleting it (issue 18: the catalogue is data an operator manages).
--
-- Why: until now the only way to take a game out of the list was `delete from public.apps`, and two
-- tables reference apps with on delete cascade: leaderboard_submissions (every score of the game, whose
-- proofs stay behind in storage with no row to find them by) and apps_played (every play, so each
-- student's apps_played count drops on their next play), and game_saves (20261126000500) joins them.
-- One delete erased a game's whole history.
-- Now an entry gets retired_at instead (`npm run catalogue -- retire <id>`, or an update in the SQL
-- editor):
-- - get_apps_ordered_by_title leaves it out, so it drops out of every student's list on their next refresh;
-- - its scores, plays and score rule stay; the reads of history (recent plays, the moderation desk, the
--   high scores of the game) still find it, and the portal says "retired" on its page instead of
--   "not in the list";
-- - restoring it (retired_at null again) brings it back as it was.
-- A bundled game's row is code shipped by the migrations, and the portal's offline copy plays it
-- whatever the server says: it is never retired (checked here, not only by the command).

alter table public.apps add column retired_at timestamptz;
alter table public.apps add constraint apps_bundled_not_retired check (not (bundled and retired_at is not null));

create or replace function public.get_apps_ordered_by_title() returns setof public.apps
language sql stable set search_path = public as $$
  select * from public.apps where retired_at is null order by title
$$;
