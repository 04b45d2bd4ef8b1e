-- Every user action starts here: no signed-in user, no action; an account with an authenticator app
-- acts only once its session passed it (app_rls.mfa_satisfied).

create or replace function app_private.require_uid() returns uuid
language plpgsql stable set search_path = public as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'Hey! You Must Be Logged In To Do That!' using errcode = '42501';
  end if;
  if not app_rls.mfa_satisfied() then
    raise exception 'Enter the code from your authenticator app first: this account asks for it.' using errcode = '42501';
  end if;
  return v_uid;
end $$;
revoke all on function app_private.require_uid() from public;
