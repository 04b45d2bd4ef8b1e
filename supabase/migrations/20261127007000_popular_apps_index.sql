-- "Popular this week" from an index of recent plays (issue 26, a semester of data).
--
-- Why: get_popular_apps read every apps_played row to find the last 7 days: with a semester in the
-- database (114,000 rows; npm run bench -- semester) it took p50 1,067 ms on the embedded backend and
-- 151 ms on PostgreSQL 15, a sequential scan on every home page of every student. Counting devices
-- (20261127000500) made each row dearer still. The index holds what the count needs, so a week of
-- plays is read from it alone. Each play now also updates this index (updated_at changes); a play is
-- one write a student makes at most once a game opened, which this costs far less than the home page.

create index apps_played_updated_idx on public.apps_played (updated_at) include (app_id, user_id, device);
