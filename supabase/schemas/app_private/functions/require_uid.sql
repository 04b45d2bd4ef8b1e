-- Every user action starts here: no signed-in user, no action.

create or replace function app_private.require_uid() returns uuid
language plpgsql stable set search_path = public as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'Hey! You Must Be Logged In To Do That!' using errcode = '42501';
  end if;
  return v_uid;
end $$;
revoke all on function app_private.require_uid() from public;
