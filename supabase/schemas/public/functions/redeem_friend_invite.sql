-- Uses a classmate's invite code (issue 28): the two are friends at once (making the invite was the
-- owner's yes). Answers {"ok": true, "user_id", "username"} with the owner, or {"ok": false,
-- "message"} saying why not: a code that is not an invite, has expired or is used up (each counts as
-- a wrong code, 10 an hour, so codes cannot be guessed; an answer, not an error, so that the count
-- is kept), one's own invite, a block either way. A friend of the owner is answered as friends,
-- whatever the link's state, and takes no use of it.

create or replace function public.redeem_friend_invite(p_code text) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_code text := btrim(coalesce(p_code, ''));
  v_invite app_private.friend_invites;
  v_refusal text;
begin
  v_refusal := app_private.friend_action_refusal(v_uid, 'wrong code');
  if v_refusal is not null then
    return jsonb_build_object('ok', false, 'message', v_refusal);
  end if;
  if v_code ~ '^[A-Za-z0-9_-]{16}$' then
    select * into v_invite from app_private.friend_invites i where i.code = v_code for update;
  end if;
  if v_invite.code is not null and v_invite.owner = v_uid then
    return jsonb_build_object('ok', false, 'message', 'This is your own invite: share it with a classmate.');
  end if;
  -- A friend who opens the link again is told they are friends, whatever the link's state.
  if v_invite.code is not null and exists (
       select 1 from app_private.friendships f
       where f.user_low = least(v_uid, v_invite.owner) and f.user_high = greatest(v_uid, v_invite.owner)
         and f.status = 'accepted') then
    return (select jsonb_build_object('ok', true, 'user_id', m.user_id, 'username', m.username)
            from public.my_users m where m.user_id = v_invite.owner);
  end if;
  if v_invite.code is null or v_invite.expires_at <= now() or v_invite.uses_left = 0 then
    insert into app_private.friend_actions (user_id, action) values (v_uid, 'wrong code');
    return jsonb_build_object('ok', false, 'message', case
      when v_invite.code is null then 'This invite link does not work. Check it, or ask your classmate for a new one.'
      when v_invite.uses_left = 0 then 'This invite link has been used up. Ask your classmate for a new one.'
      else 'This invite link has expired. Ask your classmate for a new one.' end);
  end if;
  if app_private.blocked_between(v_uid, v_invite.owner) then
    return jsonb_build_object('ok', false, 'message', 'You cannot use this invite.');
  end if;
  update app_private.friend_invites i set uses_left = i.uses_left - 1 where i.code = v_invite.code;
  perform app_private.make_friends(v_invite.owner, v_uid);
  return (select jsonb_build_object('ok', true, 'user_id', m.user_id, 'username', m.username)
          from public.my_users m where m.user_id = v_invite.owner);
end $$;
revoke execute on function public.redeem_friend_invite(text) from public, anon;
grant execute on function public.redeem_friend_invite(text) to authenticated, service_role;
