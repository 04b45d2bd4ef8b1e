-- A moderator's approval of a student's score grants 'first-approved-score' (issue 29).

create or replace function app_private.portal_score_achievement() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if new.review = 'approved' and old.review is distinct from 'approved' then
    perform app_private.grant_portal_achievement(new.user_id, 'first-approved-score');
  end if;
  return null;
end $$;
revoke all on function app_private.portal_score_achievement() from public;

create trigger portal_score_achievement after update of review on public.leaderboard_submissions
  for each row execute function app_private.portal_score_achievement();
