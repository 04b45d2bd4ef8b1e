-- The room as a signed-in user may see it (row level security applies: the caller's rights), with
-- each author's public name. Without p_since: the newest p_limit messages; with it: everything
-- newer, so a client can poll with a cursor. client_id is returned for the caller's own messages only.

create or replace function public.get_chat_messages(p_since timestamptz default null, p_limit integer default 50)
returns table (id bigint, user_id uuid, username text, icon text, body text, created_at timestamptz, client_id uuid)
language sql stable security invoker set search_path = public as $$
  select * from (
    select m.id, m.user_id, p.username, p.icon, m.body, m.created_at,
      case when m.user_id = (select auth.uid()) then m.client_id end as client_id
    from public.chat_messages m
    left join public.public_profiles p on p.user_id = m.user_id
    where p_since is null or m.created_at > p_since
    order by
      case when p_since is null then m.created_at end desc,
      case when p_since is null then m.id end desc,
      m.created_at asc, m.id asc
    limit least(greatest(coalesce(p_limit, 50), 1), 200)
  ) newest
  order by newest.created_at, newest.id
$$;
revoke execute on function public.get_chat_messages(timestamptz, integer) from public, anon;
grant execute on function public.get_chat_messages(timestamptz, integer) to authenticated, service_role;
