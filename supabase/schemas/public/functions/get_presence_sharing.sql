-- Whether this student's friends see when they are online (issue 28): false until they turn it on.

create or replace function public.get_presence_sharing() returns boolean
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  return coalesce((select p.sharing from app_private.presence p where p.user_id = v_uid), false);
end $$;
revoke execute on function public.get_presence_sharing() from public, anon;
grant execute on function public.get_presence_sharing() to authenticated, service_role;
