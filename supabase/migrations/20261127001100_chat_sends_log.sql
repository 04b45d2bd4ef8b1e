-- The per-account chat limits count sends, not the messages still there (issue 26, item 7).
--
-- Why: the limits (5 messages per 10 seconds per user, 3 per 30 seconds in an account's first day)
-- counted the rows of chat_messages, and a student deletes their own messages: sending and deleting
-- at once posted 12 of 12 messages in 0.2 s from 4 addresses. The chat trigger now writes a row to
-- app_private.chat_sends for every message it lets through and counts those; deleting a message
-- leaves its row. Rows are kept 30 seconds, the longest window a limit counts, and swept by age as
-- new ones arrive (app_private.sweep_old_rows, at most 8 per insert), so the log holds about 30
-- seconds of chat: at most 5 rows per active student.

create table app_private.chat_sends (
  user_id uuid not null,
  sent_at timestamptz not null default now()
);
create index chat_sends_user_idx on app_private.chat_sends (user_id, sent_at);
create index chat_sends_sent_at_idx on app_private.chat_sends (sent_at);

create trigger sweep_old_rows after insert on app_private.chat_sends
  for each statement execute function app_private.sweep_old_rows();

create or replace function app_private.chat_messages_guard() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  -- Read once per message: the filter below tests it against every blocked word.
  v_normal text;
  v_account_age interval;
  v_left interval;
  v_device text := nullif(btrim(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-device-address'), '');
begin
  new.body := app_private.trim_white_space(app_private.mask_blocked_words(new.body));
  -- A message of nothing but zero-width characters shows as a blank, as an empty one would.
  if app_private.text_problem(new.body) = 'blank' or new.body = '' then
    raise exception 'Write something before sending.' using errcode = '22023';
  end if;
  if app_private.text_problem(new.body) = 'direction' then
    raise exception 'Messages cannot contain text-direction controls.' using errcode = '22023';
  end if;
  -- A blocked word written to slip past the masking above (sh1t, f u c k, look-alike letters, zero-width
  -- characters between its letters) is found in the message's normal form, and the message refused.
  v_normal := app_private.chat_normal_form(new.body);
  if exists (
    select 1 from app_private.chat_blocked_words w
    where v_normal ~ ('\m' || app_private.chat_normal_form(w.word) || '\M')
  ) then
    raise exception 'That message has a word that is not allowed in chat. Write it another way.' using errcode = 'P0001';
  end if;
  -- Two tabs of one user sending at once must not both slip under the limits.
  perform pg_advisory_xact_lock(hashtext('chat_rate:' || new.user_id::text));
  if (select count(*) from app_private.chat_sends s
      where s.user_id = new.user_id and s.sent_at > now() - interval '10 seconds') >= 5 then
    raise exception 'You are sending messages too fast: at most 5 messages every 10 seconds. Wait a moment and try again.'
      using errcode = 'P0001';
  end if;
  select now() - u.created_at into v_account_age from auth.users u where u.id = new.user_id;
  if v_account_age < interval '1 day'
     and (select count(*) from app_private.chat_sends s
          where s.user_id = new.user_id and s.sent_at > now() - interval '30 seconds') >= 3 then
    v_left := interval '1 day' - v_account_age;
    raise exception 'Your account is new, so it can send at most 3 messages every 30 seconds until it is a day old (in %). Wait a moment and try again.',
      case
        when v_left <= interval '1 minute' then '1 minute'
        when v_left < interval '2 hours' then ceil(extract(epoch from v_left) / 60)::int || ' minutes'
        else 'about ' || round(extract(epoch from v_left) / 3600)::int || ' hours'
      end
      using errcode = 'P0001';
  end if;
  if v_device is not null then
    -- After the user's lock, always: two requests never wait for each other's locks in the other order.
    perform pg_advisory_xact_lock(hashtext('chat_device:' || v_device));
    -- Rows another send is deleting right now are left to it: no waiting on each other, no deadlock.
    delete from app_private.chat_device_sends s where s.ctid in (
      select o.ctid from app_private.chat_device_sends o
      where o.sent_at <= now() - interval '10 seconds' for update skip locked);
    if (select count(*) from app_private.chat_device_sends s where s.address = v_device) >= 5 then
      raise exception 'This device is sending messages too fast: at most 5 messages every 10 seconds, whichever account sends them. Wait a moment and try again.'
        using errcode = 'P0001';
    end if;
    insert into app_private.chat_device_sends (address) values (v_device);
  end if;
  insert into app_private.chat_sends (user_id) values (new.user_id);
  return new;
end $$;
revoke execute on function app_private.chat_messages_guard() from public;
