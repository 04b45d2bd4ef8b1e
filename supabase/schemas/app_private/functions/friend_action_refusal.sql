-- The classmates' limits (issue 28), counted over app_private.friend_actions: 20 friend requests and
-- invites made in an hour, 10 invite codes that did not work. Returns the refusal in words, or null
-- when the student may go on. The caller records the action once it is done.

create or replace function app_private.friend_action_refusal(p_uid uuid, p_action text) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when p_action = 'ask' and (select count(*) from app_private.friend_actions a
          where a.user_id = p_uid and a.action = 'ask' and a.done_at > now() - interval '1 hour') >= 20
      then 'You have asked 20 classmates or made 20 invites in the last hour. Try again later.'
    when p_action = 'wrong code' and (select count(*) from app_private.friend_actions a
          where a.user_id = p_uid and a.action = 'wrong code' and a.done_at > now() - interval '1 hour') >= 10
      then 'Too many invite codes that did not work in the last hour. Ask your classmate for a new link, and try again later.'
  end
$$;
revoke all on function app_private.friend_action_refusal(uuid, text) from public;
