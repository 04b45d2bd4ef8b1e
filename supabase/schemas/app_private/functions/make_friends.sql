-- Makes two students friends at once (issue 28): a request answered, a request asked back, or an
-- invite used. Whatever stood between them (a request either way) becomes the accepted pair.

create or replace function app_private.make_friends(p_requester uuid, p_other uuid) returns void
language sql security definer set search_path = '' as $$
  insert into app_private.friendships (user_low, user_high, requested_by, status, accepted_at)
  values (least(p_requester, p_other), greatest(p_requester, p_other), p_requester, 'accepted', now())
  on conflict (user_low, user_high) do update set status = 'accepted', accepted_at = coalesce(app_private.friendships.accepted_at, now())
$$;
revoke all on function app_private.make_friends(uuid, uuid) from public;
