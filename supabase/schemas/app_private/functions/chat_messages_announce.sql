-- Brings each new chat message to the students in the chat (issue 28), through Supabase Realtime's
-- "Broadcast from the database": a private broadcast on the topic 'chat:room', which only a signed-in
-- student may join (supabase/schemas/realtime/messages.sql), carrying the message as get_chat_messages
-- shows it to every signed-in student (without client_id, which only its author reads). Carried, not
-- only named: with each device reading the room when told, one message cost a read per student in the
-- room (29 reads a message with 30 students, npm run bench -- realtime), more than the 3 s polling it
-- replaces once the room is busy. The audience is the same: who may join the topic is who may read a
-- visible message (tests/db/suites/realtime.ts holds the two together), and a hidden message is not
-- announced. A rule that narrows who reads whose messages must move the body out of this broadcast.
-- realtime.send never fails the insert: a message it could not store is a warning, and the page's
-- slower poll picks it up. Security definer: no policy lets a student write a broadcast.

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
