-- The tenth different game a student plays grants 'ten-games' (issue 29). apps_played holds one row
-- per student and game, so the count reads at most the student's own few rows.

create or replace function app_private.portal_games_achievement() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if (select count(*) from public.apps_played p where p.user_id = new.user_id) >= 10 then
    perform app_private.grant_portal_achievement(new.user_id, 'ten-games');
  end if;
  return null;
end $$;
revoke all on function app_private.portal_games_achievement() from public;

create trigger portal_games_achievement after insert on public.apps_played
  for each row execute function app_private.portal_games_achievement();
