-- Every money or progress change of a user first locks that user's profile row, so two concurrent
-- calls of one user run one after the other and the second sees what the first wrote.

create or replace function app_private.lock_profile(p_uid uuid) returns public.my_users
language plpgsql set search_path = public as $$
declare
  v_profile public.my_users;
begin
  select * into v_profile from public.my_users where user_id = p_uid for update;
  if not found then
    perform app_private.create_profile(p_uid);
    select * into v_profile from public.my_users where user_id = p_uid for update;
  end if;
  return v_profile;
end $$;
revoke all on function app_private.lock_profile(uuid) from public;
