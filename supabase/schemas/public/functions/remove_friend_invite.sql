-- The moderation desk removes a student's invite link (issue 28), for example a class link posted in
-- chat: it stops working at once, as if its student had cancelled it. Recorded with its reason like
-- every decision (app_private.apply_decision), and final: undoing it is refused, the student may make
-- a new link.

create or replace function public.remove_friend_invite(p_invite_id bigint, p_reason text) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_moderator();
begin
  if p_invite_id is null then
    raise exception 'remove_friend_invite needs an invite link.' using errcode = '22023';
  end if;
  return app_private.apply_decision(v_uid, 'friend_invite', p_invite_id, 'remove', p_reason);
end $$;
revoke execute on function public.remove_friend_invite(bigint, text) from public, anon;
grant execute on function public.remove_friend_invite(bigint, text) to authenticated, service_role;
