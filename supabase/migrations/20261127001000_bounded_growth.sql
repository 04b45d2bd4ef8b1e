-- What a student's actions leave behind is bounded (issue 26, item 2).
--
-- Why: batches of 100 record_app_played through apply_mutations wrote 3,566 client_mutations rows a
-- second for one student (~312 B each, ~4 GB an hour), and no log was ever pruned: the idempotency
-- log, the game runs and the rate logs of scores and saves kept every row, and a per-student prune
-- (start_game_run, put_game_save, the score guard) never reaches a student who stopped coming.
--
-- Now:
-- - One student applies at most 120 mutations a minute and 3,000 a day (app_private.begin_mutation,
--   counted in app_private.mutation_rates, one row per student). A flood is refused with words and
--   SQLSTATE PT429 (HTTP 429 Too Many Requests) and stores nothing; the outbox keeps a refused action
--   queued and sends it later (src/sync/classify.ts).
--   The measured flood becomes 2 rows a second, then none after 3,000 in a day: at 312 B a row and 35
--   days kept, at most ~33 MB of idempotency rows per student, however hard they try.
-- - Each log is swept by age as it grows (app_private.sweep_old_rows, an after-insert trigger on each):
--   up to 8 rows older than its age go per insert, oldest first, through a new index on its time
--   column, so each sweep touches a bounded number of rows and no pg_cron is needed (hosted Supabase
--   has none to count on). Kept: client_mutations 35 days, game_runs 1 day, score_submissions_log
--   1 day, game_save_writes 1 minute (chat_sends, 30 seconds, comes with the next migration).
-- - The idempotency window: an id's row lives at least 35 days. The outbox sends an item it has
--   already sent once for at most 28 days after queuing it, then parks it and lets the server's data
--   say what happened (src/domain/resendWindow.ts); so no replay the client can make finds its row
--   gone and applies twice. The 7 days between absorb the device's clock.
-- Rows already older than their age are deleted once here.

create table app_private.mutation_rates (
  user_id uuid primary key references auth.users (id) on delete cascade,
  minute_start timestamptz not null,
  minute_count integer not null,
  day_start timestamptz not null,
  day_count integer not null
);

create index client_mutations_created_at_idx on public.client_mutations (created_at);
create index game_runs_started_at_idx on app_private.game_runs (started_at);
create index score_submissions_log_sent_at_idx on app_private.score_submissions_log (sent_at);
create index game_save_writes_written_at_idx on app_private.game_save_writes (written_at);

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

create or replace function app_private.begin_mutation(p_uid uuid, p_client_id uuid, p_kind text) returns jsonb
language plpgsql set search_path = public as $$
declare
  v_kind text;
  v_result jsonb;
  v_minute integer;
  v_day integer;
begin
  if p_client_id is null then
    raise exception 'p_client_id is required: a fresh uuid per action, reused only to retry it'
      using errcode = '22023';
  end if;
  insert into public.client_mutations (user_id, client_id, kind) values (p_uid, p_client_id, p_kind)
  on conflict (user_id, client_id) do nothing;
  if found then
    -- An update first: the student's row exists after their first mutation ever.
    update app_private.mutation_rates r set
      minute_start = case when r.minute_start > now() - interval '1 minute' then r.minute_start else now() end,
      minute_count = case when r.minute_start > now() - interval '1 minute' then r.minute_count + 1 else 1 end,
      day_start = case when r.day_start > now() - interval '1 day' then r.day_start else now() end,
      day_count = case when r.day_start > now() - interval '1 day' then r.day_count + 1 else 1 end
    where r.user_id = p_uid
    returning r.minute_count, r.day_count into v_minute, v_day;
    if not found then
      insert into app_private.mutation_rates as r (user_id, minute_start, minute_count, day_start, day_count)
      values (p_uid, now(), 1, now(), 1)
      on conflict (user_id) do update set minute_count = r.minute_count + 1, day_count = r.day_count + 1
      returning r.minute_count, r.day_count into v_minute, v_day;
    end if;
    if v_minute > 120 then
      raise exception 'Too many changes at once: at most 120 a minute. The rest wait on this device and are sent in a moment.'
        using errcode = 'PT429';
    end if;
    if v_day > 3000 then
      raise exception 'Too many changes today: at most 3,000 a day. The rest wait on this device and are sent within a day.'
        using errcode = 'PT429';
    end if;
    return null;
  end if;
  select kind, result into v_kind, v_result
  from public.client_mutations where user_id = p_uid and client_id = p_client_id;
  if v_kind <> p_kind then
    raise exception 'client id % was already used for %, not %', p_client_id, v_kind, p_kind
      using errcode = '22023';
  end if;
  return v_result;
end $$;
revoke all on function app_private.begin_mutation(uuid, uuid, text) from public;

delete from public.client_mutations where created_at < now() - interval '35 days';
delete from app_private.game_runs where started_at < now() - interval '1 day';
delete from app_private.score_submissions_log where sent_at < now() - interval '1 day';
delete from app_private.game_save_writes where written_at < now() - interval '1 minute';
