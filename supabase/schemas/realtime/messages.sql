-- Who may join which private Realtime topic (issue 28). Supabase Realtime decides a private join the
-- way these policies are written for: as the student (the role and the JWT claims of the token they
-- join with, realtime.topic() set to the topic), it stores a probe row of that topic and reads it back,
-- then rolls back; the join is allowed when the read returns it. Nothing here lets anyone insert: a
-- student never broadcasts, the database does (app_private.chat_messages_announce), so a page cannot
-- forge a signal to others. Realtime's "Allow public access" is off (supabase/README.md), so these
-- are the only topics a device can hear. An account with an authenticator app joins only with a
-- session that passed it (public/policies/second_factor.sql).

-- The chat room: every signed-in student reads the chat, so every one may hear that it changed.
create policy "signed-in students hear the chat room" on realtime.messages
  for select to authenticated
  using (topic = 'chat:room' and extension = 'broadcast');

-- A student's own topic, user:<their id>, for what concerns them alone (an invitation, "your turn").
create policy "a student hears their own topic" on realtime.messages
  for select to authenticated
  using (topic = 'user:' || (select auth.uid())::text and extension = 'broadcast');
