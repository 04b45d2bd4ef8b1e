-- Takes the free seat of a two-player game made as a link (issue 28, public.create_match_link): the
-- game starts at once, and the maker's device hears it from the row's update (matches_announce).
-- Answers {"ok": true, "match_id", "game", "opponent_username"}, or {"ok": false, "message"} saying
-- why not: a code that is no link (counted as a wrong code with the friend invites', 10 an hour, so
-- that codes cannot be guessed: an answer, not an error, so that the count is kept), one's own link, a
-- link taken back, used by another or expired, a block either way, a game of that kind already going
-- (or waiting) with its maker, or 20 games going. Whoever took the seat and opens the link again is
-- answered with the game. The seat is taken by one update that requires it still free, so of two
-- classmates opening the link at once exactly one plays: the other waits on the row and is told it
-- was used.

create or replace function public.join_match_link(p_code text) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_code text := btrim(coalesce(p_code, ''));
  v_match app_private.matches;
  v_maker text;
  v_refusal text;
  v_taken bigint;
begin
  v_refusal := app_private.friend_action_refusal(v_uid, 'wrong code');
  if v_refusal is not null then
    return jsonb_build_object('ok', false, 'message', v_refusal);
  end if;
  if v_code ~ '^[A-Za-z0-9_-]{16}$' then
    select * into v_match from app_private.matches m where m.link_code = v_code;
  end if;
  if v_match.id is null then
    insert into app_private.friend_actions (user_id, action) values (v_uid, 'wrong code');
    return jsonb_build_object('ok', false, 'message', 'This game link does not work. Check it, or ask your classmate for a new one.');
  end if;
  v_maker := (select u.username from public.my_users u where u.user_id = v_match.invited_by);
  if v_match.invited_by = v_uid then
    return jsonb_build_object('ok', false, 'message', 'This is your own game link: share it with a classmate.');
  end if;
  -- Both students' rows, in one order, as public.invite_to_match takes them: an invite or another
  -- link between the same two at this moment waits here, and the one-game-per-pair check sees it.
  perform app_private.lock_profile(least(v_uid, v_match.invited_by));
  perform app_private.lock_profile(greatest(v_uid, v_match.invited_by));
  for attempt in 1..2 loop
    if v_uid in (v_match.first_player, v_match.second_player) then
      return jsonb_build_object('ok', true, 'match_id', v_match.id, 'game', v_match.game, 'opponent_username', v_maker);
    end if;
    if v_match.status = 'cancelled' then
      return jsonb_build_object('ok', false, 'message', format('%s took this game link back. Ask them for a new one.', v_maker));
    end if;
    if v_match.status <> 'invited' then
      return jsonb_build_object('ok', false, 'message', 'This game link has been used: a classmate took the seat. Ask for a new one.');
    end if;
    if v_match.deadline <= now() then
      return jsonb_build_object('ok', false, 'message', 'This game link has expired. Ask your classmate for a new one.');
    end if;
    exit when attempt = 2;
    if exists (select 1 from app_private.player_blocks b where b.blocker = v_uid and b.blocked = v_match.invited_by) then
      return jsonb_build_object('ok', false, 'message', format('You blocked %s. Unblock them first to play with them.', v_maker));
    end if;
    if app_private.blocked_between(v_uid, v_match.invited_by) then
      return jsonb_build_object('ok', false, 'message', 'You cannot play with this student.');
    end if;
    if app_private.match_going_between(v_uid, v_match.invited_by, v_match.game) then
      return jsonb_build_object('ok', false, 'message', format('You and %s already have a game of %s going, or an invite to one waiting.', v_maker,
                                case v_match.game when 'chess' then 'Chess' when 'tic-tac-toe' then 'Tic Tac Toe' else 'Hex Conquest' end));
    end if;
    if app_private.matches_going(v_uid) >= 20 then
      return jsonb_build_object('ok', false, 'message', 'You have 20 games going. Finish one before starting another.');
    end if;
    update app_private.matches m
       set first_player = coalesce(m.first_player, v_uid), second_player = coalesce(m.second_player, v_uid),
           status = 'active', started_at = now(), updated_at = now(), deadline = now() + app_private.match_turn_time(m.pace)
     where m.id = v_match.id and m.status = 'invited' and m.deadline > now()
           and (m.first_player is null or m.second_player is null)
    returning m.id into v_taken;
    if v_taken is not null then
      return jsonb_build_object('ok', true, 'match_id', v_taken, 'game', v_match.game, 'opponent_username', v_maker);
    end if;
    -- Another classmate took the seat (or the maker took the link back) while this one waited for
    -- the row: say which, from the row as it is now.
    select * into v_match from app_private.matches m where m.id = v_match.id;
  end loop;
  return jsonb_build_object('ok', false, 'message', 'This game link has been used: a classmate took the seat. Ask for a new one.');
end $$;
revoke execute on function public.join_match_link(text) from public, anon;
grant execute on function public.join_match_link(text) to authenticated, service_role;
