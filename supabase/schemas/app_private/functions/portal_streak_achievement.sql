-- A 7-day streak grants 'streak-7' (issue 29) as the seventh day's claim lands.

create or replace function app_private.portal_streak_achievement() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if new.current_streak >= 7 then
    perform app_private.grant_portal_achievement(new.user_id, 'streak-7');
  end if;
  return null;
end $$;
revoke all on function app_private.portal_streak_achievement() from public;

create trigger portal_streak_achievement after insert or update of current_streak on public.streak
  for each row execute function app_private.portal_streak_achievement();
