-- A reported message stays until an operator deals with it: when its author could delete it, the
-- report went with it (on delete cascade) and a moderator was left with nothing to review.
-- Unreported messages can still be deleted by their author, and an operator (no user in the request)
-- can still delete anything, including a whole account's messages.

create or replace function app_private.chat_messages_keep_reported() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if (select auth.uid()) is not null
     and exists (select 1 from public.chat_reports r where r.message_id = old.id) then
    raise exception 'This message was reported, so it stays until a moderator has looked at it.'
      using errcode = '42501';
  end if;
  return old;
end $$;
revoke execute on function app_private.chat_messages_keep_reported() from public;

create trigger chat_messages_keep_reported before delete on public.chat_messages
  for each row execute function app_private.chat_messages_keep_reported();
