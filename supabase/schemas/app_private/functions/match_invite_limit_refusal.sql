-- Why a student may not send another invite to a two-player game now, or null (issue 28): the limits
-- every way of inviting shares (public.invite_to_match, public.offer_rematch, public.create_match_link),
-- so that a link is no way round them. 5 invites waiting for an answer, 20 games going at once and 20
-- invites an hour (counted from the games table itself: an invite cancelled at once still counts,
-- and closed invites are kept a day, longer than the hour counted). A link is an invite: it counts
-- while it waits, and after.

create or replace function app_private.match_invite_limit_refusal(p_uid uuid) returns text
language plpgsql stable set search_path = '' as $$
begin
  if (select count(*) from app_private.matches m
      where m.invited_by = p_uid and m.status = 'invited' and m.deadline > now()) >= 5 then
    return 'You have 5 invites to play waiting for an answer. Wait for one, or cancel one, before making another.';
  end if;
  if app_private.matches_going(p_uid) >= 20 then
    return 'You have 20 games going. Finish one before starting another.';
  end if;
  if (select count(*) from app_private.matches m
      where m.invited_by = p_uid and m.created_at > now() - interval '1 hour') >= 20 then
    return 'You have invited classmates to play 20 times in the last hour. Try again later.';
  end if;
  return null;
end $$;
revoke all on function app_private.match_invite_limit_refusal(uuid) from public;
