-- When each student sent a chat message over the last 30 seconds (issue 26, item 7): the chat's
-- per-account limits (app_private.chat_messages_guard) count these rows, not the messages still
-- there, so deleting a message does not give its turn back (12 of 12 messages went out in 0.2 s from
-- 4 addresses by sending and deleting). Written by the chat trigger for every message it lets
-- through; rows older than 30 seconds, the longest window a limit counts, are swept as new ones
-- arrive (app_private.sweep_old_rows). No API role can use app_private.

create table app_private.chat_sends (
  user_id uuid not null,
  sent_at timestamptz not null default now()
);
create index chat_sends_user_idx on app_private.chat_sends (user_id, sent_at);
create index chat_sends_sent_at_idx on app_private.chat_sends (sent_at);
