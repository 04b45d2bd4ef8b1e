-- Every insert into chat_messages, whether through send_chat_message or straight through the API,
-- passes this trigger: blocked words are masked, the body is trimmed of all white space (a message
-- that is blank, or only zero-width characters, is refused, as is one with text-direction controls:
-- app_private.text_problem), a blocked word spelled to slip past the masking refuses the message
-- (app_private.chat_normal_form), and each user is held to 5 messages per 10 seconds.

create or replace function app_private.chat_messages_guard() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  -- Read once per message: the filter below tests it against every blocked word.
  v_normal text;
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
  -- Two tabs of one user sending at once must not both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('chat_rate:' || new.user_id::text));
  if (select count(*) from public.chat_messages m
      where m.user_id = new.user_id and m.created_at > now() - interval '10 seconds') >= 5 then
    raise exception 'You are sending messages too fast: at most 5 messages every 10 seconds. Wait a moment and try again.'
      using errcode = 'P0001';
  end if;
  return new;
end $$;
revoke execute on function app_private.chat_messages_guard() from public;

create trigger chat_messages_guard before insert on public.chat_messages
  for each row execute function app_private.chat_messages_guard();
