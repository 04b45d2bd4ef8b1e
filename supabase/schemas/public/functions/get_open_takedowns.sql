-- The desk's open takedown and account deletion requests (issue 20): a page of 50. Each sender's oldest
-- waiting request comes before any sender's second, then oldest first (issue 26: 300 junk requests from
-- one sender pushed a real one off the page). A sender is the device when the embedded backend knew it,
-- else the signed-in account, else the e-mail address.

create or replace function public.get_open_takedowns()
returns table (id bigint, name text, email text, url text, reason text, created_at timestamptz)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  return query
    select t.id, t.name, t.email, t.url, t.reason, t.created_at
    from (
      select o.*, row_number() over (
        partition by coalesce('device:' || o.device, 'account:' || o.requested_by::text, 'email:' || lower(o.email))
        order by o.created_at, o.id
      ) as turn
      from public.takedown_requests o
      where o.resolved_at is null
    ) t
    order by t.turn, t.created_at, t.id
    limit 50;
end $$;
revoke execute on function public.get_open_takedowns() from public, anon;
