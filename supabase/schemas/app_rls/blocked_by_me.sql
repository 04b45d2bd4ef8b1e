-- The students the caller blocked (issue 28: a blocked student cannot message the student who blocked
-- them): what the chat's read policy leaves out. Security definer, as policies run as the caller, who
-- cannot read app_private.player_blocks; an array, so that a policy asks once per statement (inside a
-- scalar subquery, cast so that "<> all" reads it as one array, not as rows) and not once per row.

create or replace function app_rls.blocked_by_me() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(b.blocked), '{}') from app_private.player_blocks b where b.blocker = (select auth.uid())
$$;
revoke all on function app_rls.blocked_by_me() from public;
grant execute on function app_rls.blocked_by_me() to authenticated;
