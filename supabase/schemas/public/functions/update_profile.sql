-- Editing the public part of one's own profile (username, icon, about text) as an idempotent RPC, so
-- an edit made offline can wait in the outbox and be replayed safely.
-- Arguments left null keep their current value; an empty about text clears it. A taken username
-- (compared ignoring case) or one that looks like a taken one (app_rls.username_skeleton), a malformed one, an over-long about text or an icon that is neither a
-- default icon nor an icon item the user owns is refused with the text the user sees, and nothing
-- changes.

create or replace function public.update_profile(
  p_username text, p_icon text, p_user_about text, p_client_id uuid
) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_profile public.my_users;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'update_profile');
  if v_result is not null then
    return v_result;
  end if;
  v_profile := app_private.lock_profile(v_uid);

  if p_username is not null then
    if p_username !~ '^[A-Za-z0-9_-]{3,20}$' then
      raise exception 'Usernames are 3 to 20 letters, digits, _ or -.' using errcode = 'P0001';
    end if;
    if exists (select 1 from public.my_users where lower(username) = lower(p_username) and user_id <> v_uid) then
      raise exception 'That username is already taken. Please choose another one.' using errcode = 'P0001';
    end if;
    if exists (
      select 1 from public.my_users
      where app_rls.username_skeleton(username) = app_rls.username_skeleton(p_username) and user_id <> v_uid
    ) then
      raise exception 'That username looks too much like one already taken. Please choose another one.' using errcode = 'P0001';
    end if;
  end if;
  if p_user_about is not null and char_length(p_user_about) > 500 then
    raise exception 'The about text can be at most 500 characters.' using errcode = 'P0001';
  end if;
  if p_icon is not null and p_icon !~ '^default_[a-z0-9_]{1,40}$' and not exists (
    select 1 from public.items_unlocked where user_id = v_uid and item = p_icon and type = 'icon'
  ) then
    raise exception 'You do not own that icon.' using errcode = 'P0001';
  end if;

  begin
    update public.my_users set
      username = coalesce(p_username, username),
      icon = coalesce(p_icon, icon),
      user_about = case when p_user_about is null then user_about else nullif(p_user_about, '') end
    where user_id = v_uid
    returning * into v_profile;
  exception when unique_violation then
    -- Two students racing for one name: the loser hears the same as if it had been taken before.
    raise exception 'That username is already taken. Please choose another one.' using errcode = 'P0001';
  end;

  return app_private.finish_mutation(v_uid, p_client_id, jsonb_build_object(
    'username', v_profile.username, 'icon', v_profile.icon, 'user_about', v_profile.user_about));
end $$;
revoke execute on function public.update_profile(text, text, text, uuid) from public, anon;
grant execute on function public.update_profile(text, text, text, uuid) to authenticated, service_role;
