-- The shared text check's stacked-marks rule on every chat message, whichever way it is sent (issue 26:
-- a message of 480 combining marks on one letter was stored). app_private.chat_messages_guard, which
-- runs first (triggers fire in name order), masks, trims and limits; this one refuses what
-- app_private.text_problem calls 'marks'.

create or replace function app_private.chat_messages_text_guard() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if app_private.text_problem(new.body) = 'marks' then
    raise exception 'Messages can carry at most 4 accent marks on one letter.' using errcode = '22023';
  end if;
  return new;
end $$;
revoke execute on function app_private.chat_messages_text_guard() from public;

create trigger chat_messages_text_guard before insert on public.chat_messages
  for each row execute function app_private.chat_messages_text_guard();
