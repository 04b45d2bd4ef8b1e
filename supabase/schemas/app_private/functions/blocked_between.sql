-- Whether either of two students blocked the other (issue 28): then neither may ask the other to be
-- friends or use the other's invite.

create or replace function app_private.blocked_between(p_a uuid, p_b uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from app_private.player_blocks b
                 where (b.blocker = p_a and b.blocked = p_b) or (b.blocker = p_b and b.blocked = p_a))
$$;
revoke all on function app_private.blocked_between(uuid, uuid) from public;
