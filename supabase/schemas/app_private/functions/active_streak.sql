-- The streak as the user has it now: one whose last claim is more than 2 days old has lapsed.

create or replace function app_private.active_streak(p_uid uuid) returns integer
language sql stable set search_path = public as $$
  select coalesce((
    select case when s.last_claim >= now() - interval '2 days' then s.current_streak else 0 end
    from public.streak s where s.user_id = p_uid
  ), 0)
$$;
revoke all on function app_private.active_streak(uuid) from public;
