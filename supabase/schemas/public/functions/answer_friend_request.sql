-- Accepts or declines a classmate's request to be friends (issue 28). A declined request is gone, and
-- the classmate may ask again (within their hourly limit). Refused with words when there is no such
-- request waiting for this student.

create or replace function public.answer_friend_request(p_user_id uuid, p_accept boolean) returns text
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_pair app_private.friendships;
begin
  if p_user_id is null or p_accept is null then
    raise exception 'Say whose request you answer, and whether you accept it.' using errcode = '22023';
  end if;
  select * into v_pair from app_private.friendships f
   where f.user_low = least(v_uid, p_user_id) and f.user_high = greatest(v_uid, p_user_id) for update;
  if v_pair.status is distinct from 'pending' or v_pair.requested_by <> p_user_id then
    raise exception 'There is no request from this student waiting for your answer.' using errcode = 'P0001';
  end if;
  if p_accept then
    perform app_private.make_friends(p_user_id, v_uid);
    return 'friends';
  end if;
  delete from app_private.friendships f where f.user_low = v_pair.user_low and f.user_high = v_pair.user_high;
  return 'declined';
end $$;
revoke execute on function public.answer_friend_request(uuid, boolean) from public, anon;
grant execute on function public.answer_friend_request(uuid, boolean) to authenticated, service_role;
