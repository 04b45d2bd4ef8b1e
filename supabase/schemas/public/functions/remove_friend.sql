-- Ends a friendship, or takes back a request this student made (issue 28). The other student is not
-- told; they no longer see this student's presence. Refused with words when there is nothing to end.

create or replace function public.remove_friend(p_user_id uuid) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  delete from app_private.friendships f
   where f.user_low = least(v_uid, p_user_id) and f.user_high = greatest(v_uid, p_user_id)
     and (f.status = 'accepted' or f.requested_by = v_uid);
  if not found then
    raise exception 'You are not friends with this student, and have not asked them.' using errcode = 'P0001';
  end if;
end $$;
revoke execute on function public.remove_friend(uuid) from public, anon;
grant execute on function public.remove_friend(uuid) to authenticated, service_role;
