-- A report keeps a copy of the message it is about, its text and its author, taken as the report is
-- filed (issue 20): the author may delete the message afterwards, as any of their own, and the
-- moderator still sees what was reported. Security definer: the reporter cannot read hidden columns
-- of someone else's message, and this copies what they saw.

create or replace function app_private.chat_reports_copy() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  select m.body, m.user_id into new.message_body, new.message_author
  from public.chat_messages m where m.id = new.message_id;
  new.message_body := coalesce(new.message_body, '');
  return new;
end $$;
revoke execute on function app_private.chat_reports_copy() from public;

create trigger chat_reports_copy before insert on public.chat_reports
  for each row execute function app_private.chat_reports_copy();
