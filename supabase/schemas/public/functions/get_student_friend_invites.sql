-- The desk's look-up of one student's invite links that still work (issue 28), newest first, found by
-- username (any case): a moderator who saw a class link posted in chat finds it here and removes it
-- (public.remove_friend_invite). At most 5 exist (create_friend_invite).

create or replace function public.get_student_friend_invites(p_username text)
returns table (invite_id bigint, username text, code text, for_class boolean, uses_left integer, expires_at timestamptz, created_at timestamptz)
language plpgsql stable security definer set search_path = public as $$
declare
  v_owner uuid;
  v_username text;
begin
  perform app_private.require_moderator();
  select m.user_id, m.username into v_owner, v_username
  from public.my_users m where lower(m.username) = lower(btrim(coalesce(p_username, '')));
  if v_owner is null then
    raise exception 'No student is called %.', btrim(coalesce(p_username, '')) using errcode = 'P0001';
  end if;
  return query
    select i.id, v_username, i.code, i.for_class, i.uses_left, i.expires_at, i.created_at
    from app_private.friend_invites i
    where i.owner = v_owner and i.uses_left > 0 and i.expires_at > now()
    order by i.created_at desc, i.id desc;
end $$;
revoke execute on function public.get_student_friend_invites(text) from public, anon;
grant execute on function public.get_student_friend_invites(text) to authenticated, service_role;
