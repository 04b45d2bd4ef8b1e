-- This student's classmates (issue 28): friends, requests waiting either way, and the students they
-- blocked (so that they can unblock), by relation then username. A friend's presence shows only while
-- that friend shares it (app_private.presence): online when the portal said so in the last minute,
-- with the game they are playing, and when they were last seen. Nobody else's friends are readable.

create or replace function public.get_classmates()
returns table (user_id uuid, username text, icon text, relation text, since timestamptz, online boolean, playing text, last_seen timestamptz)
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  return query
  with me as (select v_uid as id), mine as (
    select case when f.user_low = me.id then f.user_high else f.user_low end as other,
           case when f.status = 'accepted' then 'friend'
                when f.requested_by = me.id then 'you asked'
                else 'asked you' end as relation,
           coalesce(f.accepted_at, f.created_at) as since
    from app_private.friendships f, me
    where f.user_low = me.id or f.user_high = me.id
    union all
    select b.blocked, 'blocked', b.created_at from app_private.player_blocks b, me where b.blocker = me.id
  )
  select m.user_id, m.username, m.icon, r.relation, r.since,
         coalesce(p.seen_at > now() - interval '1 minute', false),
         case when p.seen_at > now() - interval '1 minute' then p.app_id end,
         p.seen_at
  from mine r
  join public.my_users m on m.user_id = r.other
  left join app_private.presence p on r.relation = 'friend' and p.user_id = r.other and p.sharing
  order by array_position(array['asked you', 'friend', 'you asked', 'blocked'], r.relation), lower(m.username);
end $$;
revoke execute on function public.get_classmates() from public, anon;
grant execute on function public.get_classmates() to authenticated, service_role;
