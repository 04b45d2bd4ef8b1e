-- The other player answers a draw offer in a two-player game (issue 28): accepting ends the game in
-- a draw, agreed, and both players' results count it; turning it down lets the game go on. Returns
-- the game's status.

create or replace function public.answer_draw(p_match_id bigint, p_accept boolean) returns text
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches;
begin
  if p_accept is null then
    raise exception 'Say whether you accept the draw.' using errcode = '22023';
  end if;
  v_match := app_private.lock_match(p_match_id, v_uid);
  if v_match.status <> 'active' or v_match.draw_offer_by is null or v_match.draw_offer_by = v_uid then
    raise exception 'There is no draw offer waiting for your answer.' using errcode = 'P0001';
  end if;
  if not p_accept then
    update app_private.matches m set draw_offer_by = null, updated_at = now() where m.id = v_match.id;
    return 'active';
  end if;
  perform app_private.finish_match(v_match.id, 'draw', 'agreed');
  return 'finished';
end $$;
revoke execute on function public.answer_draw(bigint, boolean) from public, anon;
grant execute on function public.answer_draw(bigint, boolean) to authenticated, service_role;
