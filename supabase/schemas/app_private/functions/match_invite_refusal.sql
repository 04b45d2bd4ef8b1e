-- Why a student may not invite another to a two-player game now, or null (issue 28): for
-- public.invite_to_match and public.offer_rematch. Friends only (p_friends_only), unless it is a
-- rematch of a game two classmates started by a link (public.join_match_link): they chose to play
-- each other, and a rematch button that asks them to be friends first would read as broken. Never
-- across a block either way. Limits, so that nobody can flood a classmate or the database with invites: one game of each
-- kind going (or waiting) per pair, and the limits of every invite (app_private.match_invite_limit_refusal).

create or replace function app_private.match_invite_refusal(p_uid uuid, p_other uuid, p_game text, p_friends_only boolean default true) returns text
language plpgsql stable set search_path = '' as $$
declare
  v_name text := (select u.username from public.my_users u where u.user_id = p_other);
begin
  if v_name is null then
    return 'There is no such student to invite.';
  end if;
  if p_other = p_uid then
    return 'You cannot play against yourself: invite a friend.';
  end if;
  if exists (select 1 from app_private.player_blocks b where b.blocker = p_uid and b.blocked = p_other) then
    return format('You blocked %s. Unblock them first to play with them.', v_name);
  end if;
  if app_private.blocked_between(p_uid, p_other) then
    return format('You cannot invite %s to play.', v_name);
  end if;
  if p_friends_only and not exists (select 1 from app_private.friendships f
                 where f.user_low = least(p_uid, p_other) and f.user_high = greatest(p_uid, p_other) and f.status = 'accepted') then
    return format('You can invite only a friend to play. Ask %s to be friends first.', v_name);
  end if;
  if app_private.match_going_between(p_uid, p_other, p_game) then
    return format('You and %s already have a game of %s going, or an invite to one waiting.', v_name,
                  case p_game when 'chess' then 'Chess' when 'tic-tac-toe' then 'Tic Tac Toe' else 'Hex Conquest' end);
  end if;
  return app_private.match_invite_limit_refusal(p_uid);
end $$;
revoke all on function app_private.match_invite_refusal(uuid, uuid, text, boolean) from public;
