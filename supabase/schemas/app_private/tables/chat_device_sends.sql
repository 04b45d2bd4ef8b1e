-- When each device (network address) sent a chat message over the last 10 seconds, whichever account
-- sent it (issue 20): app_private.chat_messages_guard counts these rows to hold one device to 5
-- messages per 10 seconds, and drops every row older than that on each send, so the table holds only
-- the last 10 seconds of chat. The address is the one the embedded backend read from the connection
-- (x-device-address in request.headers); the API roles cannot use app_private, so no client reads it.

create table app_private.chat_device_sends (
  address text not null,
  sent_at timestamptz not null default now()
);
create index chat_device_sends_address_idx on app_private.chat_device_sends (address, sent_at);
