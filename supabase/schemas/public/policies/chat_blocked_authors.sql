-- A student does not read the chat messages of a student they blocked (issue 28): restrictive, so it
-- narrows every read of the room (get_chat_messages, a direct select) and grants nothing. Their live
-- announcements still reach the room's topic, which every student shares: the portal drops those of
-- blocked authors itself (src/state/chat.ts).

create policy "not from a student I blocked" on public.chat_messages
  as restrictive for select to authenticated
  using (user_id <> all ((select app_rls.blocked_by_me())::uuid[]));
