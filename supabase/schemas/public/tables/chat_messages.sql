-- The chat room (issue #8), for signed-in users. Every insert, through send_chat_message or straight
-- through the API, passes the trigger of app_private/functions/chat_messages_guard.sql (blocked
-- words masked, white space trimmed, rate limits per user, per new account and per device); an author may delete their
-- own messages, reported ones too, as each report keeps a copy (chat_reports.sql). Hidden
-- (moderated) messages disappear for everyone but their author.

create table public.chat_messages (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  body text not null,
  created_at timestamptz not null default now(),
  hidden boolean not null default false,
  -- send_chat_message's idempotency key, so the offline outbox can resend a message whose answer was
  -- lost without posting it twice. The last column: it came after the others, and the column order
  -- is what `select *` and the generated types show.
  client_id uuid,
  constraint chat_messages_body_length check (char_length(btrim(body)) between 1 and 500)
);
-- The room's newest page and a poll's next page, in (created_at, id) order either way (get_chat_messages).
create index chat_messages_created_id_idx on public.chat_messages (created_at, id);
-- NULL client ids (direct inserts) never collide.
create unique index chat_messages_client_once on public.chat_messages (user_id, client_id);
create index chat_messages_user_recent_idx on public.chat_messages (user_id, created_at desc);

alter table public.chat_messages enable row level security;

revoke all on table public.chat_messages from anon, authenticated;
grant select, insert, update, delete on table public.chat_messages to service_role;
revoke all on sequence public.chat_messages_id_seq from anon, authenticated;
grant select, delete on table public.chat_messages to authenticated;
grant insert (user_id, body) on table public.chat_messages to authenticated;

create policy "signed-in users read visible chat" on public.chat_messages
  for select to authenticated using (not hidden or user_id = (select auth.uid()));
create policy "users post as themselves" on public.chat_messages
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "authors delete own messages" on public.chat_messages
  for delete to authenticated using (user_id = (select auth.uid()));
