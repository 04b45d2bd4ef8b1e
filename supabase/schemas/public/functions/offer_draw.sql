-- A player offers a draw in a two-player game being played (issue 28). The offer waits until the
-- other player answers (public.answer_draw) or makes a move, which turns it down. One offer per
-- move of the game: an offer turned down cannot be made again until someone has moved, so offers
-- cannot be sent over and over.

create or replace function public.offer_draw(p_match_id bigint) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches := app_private.lock_match(p_match_id, v_uid);
begin
  if v_match.status <> 'active' then
    raise exception 'Only a game being played can end in a draw.' using errcode = 'P0001';
  end if;
  if v_match.draw_offer_by = v_uid then
    raise exception 'You offered a draw already: wait for the answer.' using errcode = 'P0001';
  end if;
  if v_match.draw_offer_by is not null then
    raise exception 'The other player offered a draw: answer their offer.' using errcode = 'P0001';
  end if;
  if v_match.draw_offer_ply = v_match.ply then
    raise exception 'A draw was offered since the last move. Make a move before offering again.' using errcode = 'P0001';
  end if;
  update app_private.matches m set draw_offer_by = v_uid, draw_offer_ply = m.ply, updated_at = now() where m.id = v_match.id;
end $$;
revoke execute on function public.offer_draw(bigint) from public, anon;
grant execute on function public.offer_draw(bigint) to authenticated, service_role;
