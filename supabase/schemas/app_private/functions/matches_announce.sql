-- Tells both players that their game changed (issue 28): an invite, its answer, each move, a draw
-- offer, the end. A private broadcast 'match' on each player's own topic, user:<id>, which only that
-- student may join (supabase/schemas/realtime/messages.sql). It names the game and nothing of it: the
-- device then reads the game through get_match, which only its players may call. This is what puts an
-- opponent's move on the other device within a second instead of at the page's next read, and what
-- lets the header say "your turn" on any page without asking. Moves arrive as updates of the game row
-- (its ply and deadline), so one trigger on app_private.matches covers them all. A link nobody took
-- yet has one player (its free seat is null): the maker learns it was taken from the update that
-- fills the seat.

create or replace function app_private.matches_announce() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_payload jsonb := jsonb_build_object('match_id', new.id, 'status', new.status, 'ply', new.ply);
begin
  if new.first_player is not null then
    perform realtime.send(v_payload, 'match', 'user:' || new.first_player::text, true);
  end if;
  if new.second_player is not null then
    perform realtime.send(v_payload, 'match', 'user:' || new.second_player::text, true);
  end if;
  return null;
end $$;
revoke execute on function app_private.matches_announce() from public;

create trigger matches_announce after insert or update on app_private.matches
  for each row execute function app_private.matches_announce();
