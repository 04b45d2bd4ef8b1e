-- Makes an invite link's code (issue 28): for one classmate (one use, 7 days) or for a class shown it
-- at once (40 uses, 1 day). The code is 96 random bits as 16 URL-safe characters. Counts towards the
-- hourly limit of app_private.friend_action_refusal; a student holds at most 5 usable invites.

create or replace function public.create_friend_invite(p_for_class boolean default false)
returns table (code text, for_class boolean, uses_left integer, expires_at timestamptz)
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_refusal text;
begin
  if p_for_class is null then
    raise exception 'Say whether the invite is for one classmate or for a class.' using errcode = '22023';
  end if;
  perform app_private.lock_profile(v_uid);
  if (select count(*) from app_private.friend_invites i
      where i.owner = v_uid and i.expires_at > now() and i.uses_left > 0) >= 5 then
    raise exception 'You have 5 invites still open. Use or cancel one before making another.' using errcode = 'P0001';
  end if;
  v_refusal := app_private.friend_action_refusal(v_uid, 'ask');
  if v_refusal is not null then
    raise exception '%', v_refusal using errcode = 'P0001';
  end if;
  insert into app_private.friend_actions (user_id, action) values (v_uid, 'ask');
  return query
    insert into app_private.friend_invites as i (code, owner, for_class, uses_left, expires_at)
    values (translate(encode(extensions.gen_random_bytes(12), 'base64'), '+/', '-_'), v_uid, p_for_class,
            case when p_for_class then 40 else 1 end,
            now() + case when p_for_class then interval '1 day' else interval '7 days' end)
    returning i.code, i.for_class, i.uses_left, i.expires_at;
end $$;
revoke execute on function public.create_friend_invite(boolean) from public, anon;
grant execute on function public.create_friend_invite(boolean) to authenticated, service_role;
