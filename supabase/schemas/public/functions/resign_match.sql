-- A player gives up a two-player game being played (issue 28), on their turn or not: the other
-- player wins, and both players' results count it.

create or replace function public.resign_match(p_match_id bigint) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches := app_private.lock_match(p_match_id, v_uid);
begin
  if v_match.status = 'invited' then
    raise exception 'This game has not started: cancel or decline the invite instead.' using errcode = 'P0001';
  end if;
  if v_match.status <> 'active' then
    raise exception 'This game is over.' using errcode = 'P0001';
  end if;
  perform app_private.finish_match(v_match.id, case when v_uid = v_match.first_player then 'second' else 'first' end, 'resigned');
end $$;
revoke execute on function public.resign_match(bigint) from public, anon;
grant execute on function public.resign_match(bigint) to authenticated, service_role;
