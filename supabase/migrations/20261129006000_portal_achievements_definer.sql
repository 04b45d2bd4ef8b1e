-- The portal's own achievements (issue 29) are granted by triggers on tables that an operator may
-- write directly with the service role (approving a score through the REST API, as the end-to-end
-- tests do), and the service role, like every API role, has no usage on app_private. As invoker the
-- triggers failed the write itself: approving a score as the service role answered 403 "permission
-- denied for schema app_private" (two end-to-end tests). Like every other trigger here that keeps
-- private rows, they now run as their owner.

create or replace function app_private.portal_streak_achievement() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if new.current_streak >= 7 then
    perform app_private.grant_portal_achievement(new.user_id, 'streak-7');
  end if;
  return null;
end $$;
revoke all on function app_private.portal_streak_achievement() from public;

create or replace function app_private.portal_score_achievement() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if new.review = 'approved' and old.review is distinct from 'approved' then
    perform app_private.grant_portal_achievement(new.user_id, 'first-approved-score');
  end if;
  return null;
end $$;
revoke all on function app_private.portal_score_achievement() from public;

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

create or replace function app_private.portal_games_achievement() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if (select count(*) from public.apps_played p where p.user_id = new.user_id) >= 10 then
    perform app_private.grant_portal_achievement(new.user_id, 'ten-games');
  end if;
  return null;
end $$;
revoke all on function app_private.portal_games_achievement() from public;
