-- The desk's open takedown and account deletion requests (issue 20), oldest first: a page of 50.

create or replace function public.get_open_takedowns()
returns table (id bigint, name text, email text, url text, reason text, created_at timestamptz)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  return query
    select t.id, t.name, t.email, t.url, t.reason, t.created_at
    from public.takedown_requests t
    where t.resolved_at is null
    order by t.created_at, t.id
    limit 50;
end $$;
revoke execute on function public.get_open_takedowns() from public, anon;
grant execute on function public.get_open_takedowns() to authenticated, service_role;
