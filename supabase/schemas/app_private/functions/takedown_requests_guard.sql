-- Limits on filing takedown requests (issue 26: 300 junk requests in one anonymous POST pushed a real
-- one off the desk's page of 50), checked once per insert statement over the rows it filed, for every
-- insert through the API as anon or a signed-in student (the /takedown form's, or any other); the
-- service role and operators' SQL (no API role) may enter requests that came by other ways in bulk:
-- - one request per insert: the form files one at a time;
-- - each device (x-device-address, embedded backend only) and each signed-in account: 5 in an hour;
-- - each e-mail address: 3 waiting at once, and the same page (url) once while it waits.
-- A flood that passes all of these (fresh addresses, on hosted Supabase where the device is not known)
-- still cannot bury a real request: the desk takes each sender's oldest waiting request before any
-- sender's second (get_open_takedowns).

create or replace function app_private.takedown_requests_guard() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  v_row record;
begin
  if coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '') not in ('anon', 'authenticated') then
    return null;
  end if;
  if (select count(*) from filed) > 1 then
    raise exception 'Send one request at a time.' using errcode = 'P0001';
  end if;
  select * into v_row from filed;
  if not found then
    return null;
  end if;
  if v_row.device is not null then
    perform pg_advisory_xact_lock(hashtext('takedown_device:' || v_row.device));
    if (select count(*) from public.takedown_requests t
        where t.device = v_row.device and t.created_at > now() - interval '1 hour') > 5 then
      raise exception 'This device sent 5 requests in the last hour. Wait an hour before sending another.' using errcode = 'P0001';
    end if;
  end if;
  if v_row.requested_by is not null then
    perform pg_advisory_xact_lock(hashtext('takedown_account:' || v_row.requested_by::text));
    if (select count(*) from public.takedown_requests t
        where t.requested_by = v_row.requested_by and t.created_at > now() - interval '1 hour') > 5 then
      raise exception 'You sent 5 requests in the last hour. Wait an hour before sending another.' using errcode = 'P0001';
    end if;
  end if;
  perform pg_advisory_xact_lock(hashtext('takedown_email:' || lower(v_row.email)));
  if (select count(*) from public.takedown_requests t
      where lower(t.email) = lower(v_row.email) and t.resolved_at is null and t.url = v_row.url) > 1 then
    raise exception 'That request is already waiting: we will answer it at that address.' using errcode = 'P0001';
  end if;
  if (select count(*) from public.takedown_requests t
      where lower(t.email) = lower(v_row.email) and t.resolved_at is null) > 3 then
    raise exception 'That address has 3 requests waiting already. We answer them first; write again once we have.' using errcode = 'P0001';
  end if;
  return null;
end $$;
revoke execute on function app_private.takedown_requests_guard() from public;

create trigger takedown_requests_guard after insert on public.takedown_requests
  referencing new table as filed
  for each statement execute function app_private.takedown_requests_guard();
