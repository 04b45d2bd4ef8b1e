-- Live chat (issue 28): each new message is broadcast, as every signed-in student reads it, on the
-- private Realtime topic 'chat:room', instead of every open chat page asking for news every 3 s (20
-- requests a minute each, mostly answered "nothing").
-- Who may join which topic is decided by policies on realtime.messages, as Supabase Realtime checks a
-- private join; each student also gets a topic of their own, user:<id>, for later features.
-- Hosted: Realtime must be on, with "Allow public access" off in its settings (supabase/README.md).

create or replace function app_private.chat_messages_announce() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_username text;
  v_icon text;
begin
  if new.hidden then
    return null;
  end if;
  select p.username, p.icon into v_username, v_icon from public.public_profiles p where p.user_id = new.user_id;
  perform realtime.send(
    jsonb_build_object('id', new.id, 'user_id', new.user_id, 'username', v_username, 'icon', v_icon,
                       'body', new.body, 'created_at', new.created_at),
    'new_message', 'chat:room', true);
  return null;
end $$;
revoke execute on function app_private.chat_messages_announce() from public;

create trigger chat_messages_announce after insert on public.chat_messages
  for each row execute function app_private.chat_messages_announce();

create policy "signed-in students hear the chat room" on realtime.messages
  for select to authenticated
  using (topic = 'chat:room' and extension = 'broadcast');

create policy "a student hears their own topic" on realtime.messages
  for select to authenticated
  using (topic = 'user:' || (select auth.uid())::text and extension = 'broadcast');

create policy "second factor when the account has one" on realtime.messages
  as restrictive for all to authenticated
  using ((select app_rls.mfa_satisfied())) with check ((select app_rls.mfa_satisfied()));
