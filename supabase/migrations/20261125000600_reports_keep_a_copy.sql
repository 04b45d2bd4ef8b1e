-- A reported chat message stays deletable by its author; the report keeps a copy (issue 20).
--
-- Why: a reported message could not be deleted by its author (a trigger refused it), so a student who
-- regretted a message could not take it back once someone had reported it; and letting the delete
-- through would have taken the report with it (on delete cascade). Now each report copies the
-- message's text and author as it is filed, the foreign key sets message_id to null when the message
-- goes, and the refusing trigger is gone. Reports filed before get their copy here.

alter table public.chat_reports
  add column message_body text not null default '',
  add column message_author uuid;
update public.chat_reports r set message_body = m.body, message_author = m.user_id
from public.chat_messages m where m.id = r.message_id;
alter table public.chat_reports alter column message_id drop not null;
alter table public.chat_reports
  drop constraint chat_reports_message_id_fkey,
  add constraint chat_reports_message_id_fkey foreign key (message_id) references public.chat_messages (id) on delete set null;

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

drop trigger chat_messages_keep_reported on public.chat_messages;
drop function app_private.chat_messages_keep_reported();
