-- Idempotency, step 1: claim the client id for this call. Returns null when this call is the first
-- (go ahead), or the stored result of the earlier application (return it, apply nothing). A
-- concurrent first call holding the same id makes this wait until it commits or rolls back. A failed
-- call rolls its claim back with it, so a retry of a refused action is evaluated afresh.
-- A first call also counts against the student's mutation limits (issue 26: one student applied
-- 3,566 a second through apply_mutations): 120 a minute and 3,000 a day (app_private.mutation_rates).
-- Two a second is more than a student clicks, and lets the outbox drain a day offline (a play per
-- game opened, a time tick per 5 minutes) within minutes; 3,000 a day is ten times the plays that
-- pay a coin (300). The refusal is PT429, which PostgREST and the embedded backend answer as HTTP 429
-- Too Many Requests: the outbox (src/sync/classify.ts) keeps the action queued and sends it again
-- after its back-off, and a replay, which changes nothing, is never counted.

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
