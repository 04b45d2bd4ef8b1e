-- The caller's profile, created with a random name and the icon default_icon when missing.

create or replace function public.ensure_profile() returns public.my_users
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_profile public.my_users;
begin
  select * into v_profile from public.my_users where user_id = v_uid;
  if not found then
    perform app_private.create_profile(v_uid);
    select * into v_profile from public.my_users where user_id = v_uid;
  end if;
  return v_profile;
end $$;
revoke execute on function public.ensure_profile() from public, anon;
grant execute on function public.ensure_profile() to authenticated, service_role;
