-- The moderation desk ends an abusive two-player game, or takes back an invite (issue 28): the game
-- stops where it is, counts for neither player, and its open reports close. For a game that had
-- already ended, the decision closes its open reports. Recorded with its reason like every decision
-- (app_private.apply_decision), and final: undoing it is refused, the players may start a new game.

create or replace function public.end_match(p_match_id bigint, p_reason text) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_moderator();
begin
  if p_match_id is null then
    raise exception 'end_match needs a game.' using errcode = '22023';
  end if;
  return app_private.apply_decision(v_uid, 'match', p_match_id, 'end', p_reason);
end $$;
revoke execute on function public.end_match(bigint, text) from public, anon;
grant execute on function public.end_match(bigint, text) to authenticated, service_role;
