-- The inviter takes back an invite to a two-player game that is still waiting (issue 28). A game
-- that started is ended by resigning instead (public.resign_match).

create or replace function public.cancel_match_invite(p_match_id bigint) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches := app_private.lock_match(p_match_id, v_uid);
begin
  if v_match.status <> 'invited' or v_match.invited_by <> v_uid then
    raise exception 'You have no invite to this game waiting for an answer.' using errcode = 'P0001';
  end if;
  update app_private.matches m set status = 'cancelled', deadline = null, finished_at = now(), updated_at = now() where m.id = v_match.id;
end $$;
revoke execute on function public.cancel_match_invite(bigint) from public, anon;
grant execute on function public.cancel_match_invite(bigint) to authenticated, service_role;
