-- Every insert into chat_messages, whether through send_chat_message or straight through the API,
-- passes this trigger: blocked words are masked, the body is trimmed of all white space (a message
-- that is blank, or only zero-width characters, is refused, as is one with text-direction controls:
-- app_private.text_problem), a blocked word spelled to slip past the masking refuses the message
-- (app_private.chat_normal_form), and three rate limits hold (issue 20: six accounts made on the spot
-- posted 30 messages in 0.2 s):
-- - each user: 5 messages per 10 seconds;
-- - an account in its first day (auth.users.created_at): 3 messages per 30 seconds, so a flood needs
--   accounts made a day ahead, while a new student's hello and replies at a typing pace go through;
-- - each device, whichever account sends: 5 messages per 10 seconds, one typist's pace. The device is
--   the x-device-address of request.headers, which only the embedded backend sets (from the
--   connection, replacing whatever a client sent). Hosted Supabase never sets it, so there this limit
--   does not apply: its forwarded addresses are written by the client and a school's whole network
--   shares one, and a client that sends the header itself only limits its own messages.
-- The per-account limits count sends in app_private.chat_sends, not the messages still there, so
-- deleting a message does not give its turn back (issue 26: send-then-delete posted 12 of 12).

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

create trigger chat_messages_guard before insert on public.chat_messages
  for each row execute function app_private.chat_messages_guard();
