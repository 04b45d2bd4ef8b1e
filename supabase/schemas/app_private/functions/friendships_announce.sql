-- Tells both students that their friendship changed (issue 28): a request, its answer, a removal. A
-- private broadcast 'friends' on each one's own topic, naming nobody; the friends page then reads its
-- list again through get_classmates. A block deletes the friendship, so the blocked student's list
-- drops the blocker without being told who blocked them.

create or replace function app_private.friendships_announce() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_row record;
begin
  if tg_op = 'DELETE' then v_row := old; else v_row := new; end if;
  perform realtime.send('{}'::jsonb, 'friends', 'user:' || v_row.user_low::text, true);
  perform realtime.send('{}'::jsonb, 'friends', 'user:' || v_row.user_high::text, true);
  return null;
end $$;
revoke execute on function app_private.friendships_announce() from public;

create trigger friendships_announce after insert or update or delete on app_private.friendships
  for each row execute function app_private.friendships_announce();
