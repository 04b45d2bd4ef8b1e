-- Issue 28 asks that a blocked student cannot message the student who blocked them. Blocking ended
-- friendships, requests, invites and presence, but the shared chat room still showed the blocked
-- student's messages to the blocker. Now the room's read policy leaves them out, on every way in
-- (get_chat_messages runs as the caller; a direct select meets the same policy). The policy asks for
-- the caller's blocks once per statement: a page of 50 messages stays one index scan of the room.

create or replace function app_rls.blocked_by_me() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(b.blocked), '{}') from app_private.player_blocks b where b.blocker = (select auth.uid())
$$;
revoke all on function app_rls.blocked_by_me() from public;
grant execute on function app_rls.blocked_by_me() to authenticated;

create policy "not from a student I blocked" on public.chat_messages
  as restrictive for select to authenticated
  using (user_id <> all ((select app_rls.blocked_by_me())::uuid[]));
