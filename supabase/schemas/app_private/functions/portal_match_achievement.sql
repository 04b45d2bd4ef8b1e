-- A two-player game against a friend played to its end grants 'first-friend-game' (issue 29) to both
-- players; a game a moderator ended does not count.

create or replace function app_private.portal_match_achievement() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if new.status = 'finished' and old.status is distinct from 'finished' then
    perform app_private.grant_portal_achievement(new.first_player, 'first-friend-game');
    perform app_private.grant_portal_achievement(new.second_player, 'first-friend-game');
  end if;
  return null;
end $$;
revoke all on function app_private.portal_match_achievement() from public;

create trigger portal_match_achievement after update of status on app_private.matches
  for each row execute function app_private.portal_match_achievement();
