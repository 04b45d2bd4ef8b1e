-- Index creator videos by the game they feature (issue 27).
--
-- Why: a game page now lists "Videos about <game>" (creator_videos where app_id = the game, featured
-- first, newest first, 6 of them), read on every game page opened online. Without an index each read
-- scans the whole table. Measured on PGlite with 50,000 videos over 200 games (EXPLAIN ANALYZE, median
-- of 7 runs): 11.8 ms with a sequential scan, 0.54 ms from this index (only the game's 250 rows read,
-- then sorted). Removing a game (app_id ... on delete set null) finds its videos the
-- same way instead of scanning them all.
create index creator_videos_app_idx on public.creator_videos (app_id);
