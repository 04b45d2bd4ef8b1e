-- Cancels one of this student's invites (issue 28): its link stops working at once. Refused with
-- words when the student has no such invite.

create or replace function public.revoke_friend_invite(p_code text) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  update app_private.friend_invites i set uses_left = 0
   where i.code = p_code and i.owner = v_uid and i.uses_left > 0 and i.expires_at > now();
  if not found then
    raise exception 'You have no open invite with this code.' using errcode = 'P0001';
  end if;
end $$;
revoke execute on function public.revoke_friend_invite(text) from public, anon;
grant execute on function public.revoke_friend_invite(text) to authenticated, service_role;
