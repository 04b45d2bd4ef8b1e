-- The desk's waiting creator applications (issue 20), oldest first: a page of 50, each with its
-- student's username and when they joined the portal, the pitch, and the channel if one was named.

create or replace function public.get_open_creator_applications()
returns table (
  application_id bigint, user_id uuid, username text, joined_at timestamptz, pitch text,
  platform text, handle text, applied_at timestamptz
)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  return query
    select a.id, a.user_id, m.username, m.created_at, a.pitch, a.platform, a.handle, a.created_at
    from public.creator_applications a
    left join public.my_users m on m.user_id = a.user_id
    where a.status = 'pending'
    order by a.created_at, a.id
    limit 50;
end $$;
revoke execute on function public.get_open_creator_applications() from public, anon;
grant execute on function public.get_open_creator_applications() to authenticated, service_role;
