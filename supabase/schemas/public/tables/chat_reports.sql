-- Reports of chat messages, for moderators (read by the service role, see supabase/README.md). A user
-- reports a message once and reads only their own reports. Each report keeps a copy of the message
-- (app_private/functions/chat_reports_copy.sql), so its author may still delete it (issue 20) while the
-- moderator keeps what was reported: message_id then becomes null.

create table public.chat_reports (
  id bigint generated always as identity primary key,
  message_id bigint references public.chat_messages (id) on delete set null,
  reporter_id uuid not null references auth.users (id) on delete cascade,
  reason text not null default '',
  created_at timestamptz not null default now(),
  message_body text not null default '',
  message_author uuid,
  -- Set when a moderator decides on the reported message (issue 20); null while the report waits.
  closed_at timestamptz,
  constraint chat_reports_reason_length check (char_length(reason) <= 500),
  constraint chat_reports_once_per_reporter unique (message_id, reporter_id)
);
-- The desk's queue (get_open_chat_reports): the oldest open reports first, without reading the closed ones.
create index chat_reports_open_idx on public.chat_reports (created_at, id) where closed_at is null;

alter table public.chat_reports enable row level security;

revoke all on table public.chat_reports from anon, authenticated;
grant select, insert, update, delete on table public.chat_reports to service_role;
revoke all on sequence public.chat_reports_id_seq from anon, authenticated;
grant select on table public.chat_reports to authenticated;
grant insert (message_id, reporter_id, reason) on table public.chat_reports to authenticated;

create policy "reporters read own reports" on public.chat_reports
  for select to authenticated using (reporter_id = (select auth.uid()));
-- Only a message the reporter can see: a hidden message and a missing one then answer alike (the same
-- refusal), where the foreign key used to tell them apart (issue 20).
create policy "users report as themselves" on public.chat_reports
  for insert to authenticated with check (
    reporter_id = (select auth.uid())
    and exists (select 1 from public.chat_messages m where m.id = message_id)
  );
