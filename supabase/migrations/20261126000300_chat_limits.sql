-- Chat rate limits for new accounts and per device (issue 20).
--
-- Why: the only limit was 5 messages per 10 seconds per user, and accounts cost nothing: six accounts
-- made on the spot posted 30 messages in 0.2 s. Two limits join it, both in the chat trigger, so the
-- RPC, the outbox and a direct insert through the API all meet them:
-- - An account in its first day (auth.users.created_at) sends at most 3 messages per 30 seconds. A
--   day, not an hour: accounts made at the start of a lesson are still new at its end and for the
--   rest of the school day, so a flood needs accounts made a day ahead. 3 per 30 seconds lets a new
--   student say hello and answer twice at once, then one message every 10 seconds, a typing pace;
--   the refusal says the account is new and how long until it is a day old.
-- - One device sends at most 5 messages per 10 seconds, whichever accounts send them: one typist's
--   pace, the same as one account's. The six accounts' 30 messages become 5. The device is the
--   x-device-address header of request.headers, which the embedded backend writes from the
--   connection's address (a client's own value is dropped; no proxy is trusted). On a classroom
--   network each Chromebook has an address of its own. Hosted Supabase never sets that header, so
--   there the device limit does not apply, on purpose: its x-forwarded-for is written by the client
--   (anyone can name a fresh address per request) and a school behind one NAT shares one address, so
--   any number low enough to stop the flood would refuse a class saying hello at once. On hosted the
--   new-account limit and GoTrue's per-address sign-up limit carry the load. A hosted client that
--   sends x-device-address itself only limits its own messages: nobody else's request carries it.
-- app_private.chat_device_sends keeps the last 10 seconds of sends per address, pruned on each send.


create table app_private.chat_device_sends (
  address text not null,
  sent_at timestamptz not null default now()
);
create index chat_device_sends_address_idx on app_private.chat_device_sends (address, sent_at);

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
  if (select count(*) from public.chat_messages m
      where m.user_id = new.user_id and m.created_at > now() - interval '10 seconds') >= 5 then
    raise exception 'You are sending messages too fast: at most 5 messages every 10 seconds. Wait a moment and try again.'
      using errcode = 'P0001';
  end if;
  select now() - u.created_at into v_account_age from auth.users u where u.id = new.user_id;
  if v_account_age < interval '1 day'
     and (select count(*) from public.chat_messages m
          where m.user_id = new.user_id and m.created_at > now() - interval '30 seconds') >= 3 then
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
  return new;
end $$;
revoke execute on function app_private.chat_messages_guard() from public;
