-- Every moderator RPC starts here: a signed-in user (with any second factor passed) who is in
-- public.moderators, else 42501. The check is the database's, whatever the page showed.

create or replace function app_private.require_moderator() returns uuid
language plpgsql stable set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  if not exists (select 1 from public.moderators m where m.user_id = v_uid) then
    raise exception 'Only a moderator can do this.' using errcode = '42501';
  end if;
  return v_uid;
end $$;
revoke all on function app_private.require_moderator() from public;
