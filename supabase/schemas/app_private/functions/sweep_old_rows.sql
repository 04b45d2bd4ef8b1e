-- What the database keeps of its logs is bounded by age (issue 26: batches of 100 plays through
-- apply_mutations wrote 3,566 idempotency rows a second, ~4 GB an hour, and nothing was ever
-- dropped). Each log below is swept as it grows: after every insert into it, up to 8 of its rows
-- older than its age are deleted, oldest first, through an index on the time column, so a sweep
-- touches at most 8 rows and the log drains 8 times faster than one insert can grow it. Hosted
-- Supabase has no pg_cron to count on, and a sweep by age across all students also drops the rows of
-- a student who stopped coming, which a prune of the caller's own rows never reaches. Rows another
-- sweep is deleting right now are skipped (no waiting, no deadlock). What is kept, and why that long:
-- - public.client_mutations, 35 days: a replay of an id must find its first result while the
--   device may still send it again. The outbox sends an item it already sent once for at most 28
--   days after queuing it (RESEND_WINDOW_DAYS, src/domain/resendWindow.ts) and then parks it, so an
--   id is never replayed after its row is gone; the 7 days between allow for the device's clock.
-- - app_private.game_runs, 1 day: no play lasts a day (RUN_DURATION_MAX_MS, src/domain/gameSdk.ts),
--   and public.start_game_run drops the caller's own older runs the same way.
-- - app_private.score_submissions_log, 1 day: the longest window a score limit counts.
-- - app_private.game_save_writes, 1 minute: the window of put_game_save's limit.
-- - app_private.chat_sends, 30 seconds: the longest window a chat limit counts.
-- - app_private.friend_actions, 1 hour: the window of the classmates' limits.
-- - app_private.friend_invites, 1 day after it expired: long enough to tell a student who opens an
--   old link that it expired; the invite's owner no longer lists it.
-- - app_private.matches that were never played (issue 28), 1 day after they closed: declined and
--   cancelled invites, and invites left to lapse. A day is longer than the hour the invite limit
--   counts, and the players' lobby shows them no longer. Not while a report of one is open: the
--   moderators see it first. Games that were played are not a log: they stay, with their moves.
-- - app_private.popular_plays, 7 days: the week "Popular this week" counts (get_popular_apps).
-- (app_private.chat_device_sends keeps its 10 seconds by the chat trigger's own prune.)
-- Static statements, one per log, so each plan is prepared once per connection (a statement built
-- per call cost a 100-operation outbox batch about 3 ms an operation on PGlite).

create or replace function app_private.sweep_old_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  case tg_table_name
    when 'client_mutations' then
      delete from public.client_mutations where ctid in (
        select ctid from public.client_mutations where created_at < now() - interval '35 days'
        order by created_at limit 8 for update skip locked);
    when 'game_runs' then
      delete from app_private.game_runs where ctid in (
        select ctid from app_private.game_runs where started_at < now() - interval '1 day'
        order by started_at limit 8 for update skip locked);
    when 'score_submissions_log' then
      delete from app_private.score_submissions_log where ctid in (
        select ctid from app_private.score_submissions_log where sent_at < now() - interval '1 day'
        order by sent_at limit 8 for update skip locked);
    when 'game_save_writes' then
      delete from app_private.game_save_writes where ctid in (
        select ctid from app_private.game_save_writes where written_at < now() - interval '1 minute'
        order by written_at limit 8 for update skip locked);
    when 'chat_sends' then
      delete from app_private.chat_sends where ctid in (
        select ctid from app_private.chat_sends where sent_at < now() - interval '30 seconds'
        order by sent_at limit 8 for update skip locked);
    when 'friend_actions' then
      delete from app_private.friend_actions where ctid in (
        select ctid from app_private.friend_actions where done_at < now() - interval '1 hour'
        order by done_at limit 8 for update skip locked);
    when 'friend_invites' then
      delete from app_private.friend_invites where ctid in (
        select ctid from app_private.friend_invites where expires_at < now() - interval '1 day'
        order by expires_at limit 8 for update skip locked);
    when 'matches' then
      delete from app_private.matches where ctid in (
        select m.ctid from app_private.matches m
        where m.status in ('declined', 'cancelled') and m.finished_at < now() - interval '1 day'
          and not exists (select 1 from app_private.match_reports r where r.match_id = m.id and r.closed_at is null)
        order by m.finished_at limit 8 for update skip locked);
      delete from app_private.matches where ctid in (
        select m.ctid from app_private.matches m
        where m.status = 'invited' and m.deadline < now() - interval '1 day'
          and not exists (select 1 from app_private.match_reports r where r.match_id = m.id and r.closed_at is null)
        order by m.deadline limit 8 for update skip locked);
    when 'popular_plays' then
      delete from app_private.popular_plays where ctid in (
        select ctid from app_private.popular_plays where played_at < now() - interval '7 days'
        order by played_at limit 8 for update skip locked);
  end case;
  return null;
end $$;
revoke execute on function app_private.sweep_old_rows() from public;

create trigger sweep_old_rows after insert on public.client_mutations
  for each statement execute function app_private.sweep_old_rows();
create trigger sweep_old_rows after insert on app_private.game_runs
  for each statement execute function app_private.sweep_old_rows();
create trigger sweep_old_rows after insert on app_private.score_submissions_log
  for each statement execute function app_private.sweep_old_rows();
create trigger sweep_old_rows after insert on app_private.game_save_writes
  for each statement execute function app_private.sweep_old_rows();
create trigger sweep_old_rows after insert on app_private.chat_sends
  for each statement execute function app_private.sweep_old_rows();
create trigger sweep_old_rows after insert on app_private.friend_actions
  for each statement execute function app_private.sweep_old_rows();
create trigger sweep_old_rows after insert on app_private.friend_invites
  for each statement execute function app_private.sweep_old_rows();
create trigger sweep_old_rows after insert on app_private.matches
  for each statement execute function app_private.sweep_old_rows();
create trigger sweep_old_rows after insert on app_private.popular_plays
  for each statement execute function app_private.sweep_old_rows();
