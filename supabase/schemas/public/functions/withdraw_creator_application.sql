-- A student takes back their waiting creator application (issue 20), to change it or because they
-- changed their mind. It stays on record as withdrawn and still counts towards the limits of
-- app_private.creator_application_refusal. Returns the application's id.

create or replace function public.withdraw_creator_application() returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_id bigint;
begin
  select a.id into v_id from public.creator_applications a where a.user_id = v_uid and a.status = 'pending';
  if v_id is not null then
    -- The lock a moderator's decision on it takes: a decision and a withdrawal never cross.
    perform pg_advisory_xact_lock(hashtext('moderation:creator_application:' || v_id));
    update public.creator_applications set status = 'withdrawn', closed_at = now() where id = v_id and status = 'pending';
    if found then
      return v_id;
    end if;
  end if;
  raise exception 'You have no application waiting: a moderator may have just decided on it.' using errcode = 'P0001';
end $$;
revoke execute on function public.withdraw_creator_application() from public, anon;
grant execute on function public.withdraw_creator_application() to authenticated, service_role;
