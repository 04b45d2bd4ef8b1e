-- public_profiles is read-only for the API roles, but a view that joins two tables is not
-- automatically updatable, so PostgreSQL refused a student's `POST /rest/v1/public_profiles` with
-- 55000 ("cannot insert into view") before it ever checked privileges, and PostgREST answers 55000
-- with HTTP 500: a refused write looked like a server failure and was logged as one. INSTEAD OF
-- triggers make the view formally writable, so the privilege check comes first and the student gets
-- the 403 (42501) of any other read-only relation; the trigger itself refuses whoever does hold the
-- privilege.

create or replace function app_private.public_profiles_read_only() returns trigger
language plpgsql set search_path = public as $$
begin
  raise exception 'public_profiles is read-only: a profile changes through my_users or update_profile.'
    using errcode = '42501';
end $$;
revoke execute on function app_private.public_profiles_read_only() from public;

create trigger public_profiles_read_only instead of insert or update or delete on public.public_profiles
  for each row execute function app_private.public_profiles_read_only();
