-- Invite to a two-player game by a shared link (issue 28): "share a link instead" of naming a friend.
--
-- Why: a game could start only from an invite to a friend by name, so two classmates who were not
-- friends yet in the portal (the first lesson, a new class) needed a friend request and its answer
-- before the first move, and a QR code on the board could not start a game at all. A link is an invite
-- row with the opener's seat still free (first_player or second_player null, link_code set): the same
-- limits (5 waiting, 20 going, 20 an hour, now app_private.match_invite_limit_refusal), the same sweep
-- of invites that lapsed (app_private.sweep_old_rows is unchanged: it deletes by status and deadline),
-- and the same trigger tells the maker the seat was taken, now skipping the free seat (a null topic).
-- Its code is 96 random bits, as a friend invite's; a wrong code counts against the same 10 an hour.
-- Live links stay open 10 minutes, correspondence links 3 days, as invites of their pace.
-- Two who played a game started by a link may have a rematch though they are not friends
-- (public.offer_rematch, app_private.match_invite_refusal's new p_friends_only): a rematch button that
-- asked them to be friends first would read as broken.
-- public.get_my_match_links lists the maker's links still waiting, so that one can be shared again or
-- taken back after its dialog closed: each holds one of the 5 invites waiting.
-- With a seat that may be null, "not one of the players" is said with "is distinct from" (lock_match,
-- get_match, match_move_refusal): "not in" of a null is null, which an if takes for false.

alter table app_private.matches
  alter column first_player drop not null,
  alter column second_player drop not null,
  add column link_code text,
  drop constraint matches_inviter_plays,
  add constraint matches_inviter_plays check (invited_by is not distinct from first_player or invited_by is not distinct from second_player),
  add constraint matches_seats check (
    (first_player is not null and second_player is not null)
    or (link_code is not null and status in ('invited', 'cancelled') and num_nonnulls(first_player, second_player) = 1)
  ),
  add constraint matches_link_code check (link_code is null or link_code ~ '^[A-Za-z0-9_-]{16}$');
create unique index matches_link_code_idx on app_private.matches (link_code) where link_code is not null;

create or replace function app_private.match_going_between(p_a uuid, p_b uuid, p_game text) returns boolean
language sql stable set search_path = '' as $$
  select exists (select 1 from app_private.matches m
                 where m.game = p_game
                   and ((m.first_player = p_a and m.second_player = p_b) or (m.first_player = p_b and m.second_player = p_a))
                   and (m.status = 'active' or (m.status = 'invited' and m.deadline > now())))
$$;
revoke all on function app_private.match_going_between(uuid, uuid, text) from public;

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

drop function app_private.match_invite_refusal(uuid, uuid, text);
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

create or replace function app_private.lock_match(p_match_id bigint, p_uid uuid) returns app_private.matches
language plpgsql set search_path = '' as $$
declare
  v_match app_private.matches;
begin
  if p_match_id is null then
    raise exception 'Say which game.' using errcode = '22023';
  end if;
  select * into v_match from app_private.matches m where m.id = p_match_id for update;
  if v_match.id is null or p_uid is distinct from v_match.first_player and p_uid is distinct from v_match.second_player then
    raise exception 'This game is not yours: only its two players can see it or play in it.' using errcode = 'P0001';
  end if;
  return v_match;
end $$;
revoke all on function app_private.lock_match(bigint, uuid) from public;

create or replace function app_private.match_move_refusal(p_match app_private.matches, p_uid uuid, p_ply integer) returns jsonb
language plpgsql stable set search_path = '' as $$
begin
  return case
    when p_match.id is null or p_uid is null or (p_uid is distinct from p_match.first_player and p_uid is distinct from p_match.second_player) then
      jsonb_build_object('ok', false, 'code', 'not_your_game', 'message', 'This game is not yours: only its two players can see it or play in it.')
    when p_match.status = 'invited' then
      jsonb_build_object('ok', false, 'code', 'not_started', 'message', 'This game has not started: the invite is waiting for an answer.')
    when p_match.status <> 'active' then
      jsonb_build_object('ok', false, 'code', 'game_over', 'message', case p_match.status
        when 'declined' then 'This game never started: the invite was declined.'
        when 'cancelled' then 'This game never started: the invite was cancelled.'
        when 'ended' then 'A moderator ended this game.'
        else 'This game is over.' end)
    when p_ply < p_match.ply then
      jsonb_build_object('ok', false, 'code', 'move_taken', 'message', 'That move was already made: the game has moved on since. Look at the board again.')
    when app_private.match_to_move(p_match) <> p_uid then
      jsonb_build_object('ok', false, 'code', 'out_of_turn', 'message', 'It is not your turn: wait for the other player''s move.')
    when p_ply > p_match.ply then
      jsonb_build_object('ok', false, 'code', 'wrong_ply', 'message', 'That move does not follow the last move of this game. Look at the board again.')
    when p_match.deadline <= now() then
      jsonb_build_object('ok', false, 'code', 'time_up', 'message', 'Your time for this move ran out: the other player may claim the game.')
  end;
end $$;
revoke all on function app_private.match_move_refusal(app_private.matches, uuid, integer) from public;

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

create or replace function public.get_match(p_match_id bigint, p_from_ply integer default 0) returns jsonb
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches;
begin
  if p_match_id is null or p_from_ply is null or p_from_ply < 0 then
    raise exception 'Say which game, and from which move (0 for all).' using errcode = '22023';
  end if;
  select * into v_match from app_private.matches m where m.id = p_match_id;
  if v_match.id is null
     or (v_uid is distinct from v_match.first_player and v_uid is distinct from v_match.second_player
         and not (exists (select 1 from public.moderators d where d.user_id = v_uid)
                  and exists (select 1 from app_private.match_reports r where r.match_id = v_match.id))) then
    raise exception 'This game is not yours: only its two players can see it or play in it.' using errcode = 'P0001';
  end if;
  return jsonb_build_object(
    'id', v_match.id, 'game', v_match.game, 'pace', v_match.pace, 'status', v_match.status,
    'first_player', (select jsonb_build_object('id', u.user_id, 'username', u.username, 'icon', u.icon)
                     from public.my_users u where u.user_id = v_match.first_player),
    'second_player', (select jsonb_build_object('id', u.user_id, 'username', u.username, 'icon', u.icon)
                      from public.my_users u where u.user_id = v_match.second_player),
    'invited_by', v_match.invited_by, 'position', v_match.position, 'ply', v_match.ply,
    'turn', case when v_match.status = 'active' then app_private.match_to_move(v_match) end,
    'deadline', v_match.deadline, 'result', v_match.result,
    'winner', case v_match.result when 'first' then v_match.first_player when 'second' then v_match.second_player end,
    'reason', v_match.reason, 'draw_offer_by', v_match.draw_offer_by, 'rematch_of', v_match.rematch_of,
    'rematch', (select r.id from app_private.matches r where r.rematch_of = v_match.id),
    'created_at', v_match.created_at, 'started_at', v_match.started_at, 'finished_at', v_match.finished_at,
    'updated_at', v_match.updated_at,
    'moves', coalesce((select jsonb_agg(jsonb_build_object('ply', mv.ply, 'player', mv.player, 'move', mv.move, 'made_at', mv.made_at) order by mv.ply)
                       from app_private.match_moves mv where mv.match_id = v_match.id and mv.ply >= p_from_ply), '[]'::jsonb));
end $$;
revoke execute on function public.get_match(bigint, integer) from public, anon;
grant execute on function public.get_match(bigint, integer) to authenticated, service_role;

create or replace function public.offer_rematch(p_match_id bigint) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches := app_private.lock_match(p_match_id, v_uid);
  v_other uuid := case when v_uid = v_match.first_player then v_match.second_player else v_match.first_player end;
  v_rematch app_private.matches;
  v_refusal text;
  v_id bigint;
begin
  if v_match.status <> 'finished' then
    raise exception 'Only a game played to its end can be played again.' using errcode = 'P0001';
  end if;
  select * into v_rematch from app_private.matches m where m.rematch_of = v_match.id for update;
  if v_rematch.id is not null then
    if v_rematch.status = 'invited' and v_rematch.invited_by = v_other and v_rematch.deadline > now() then
      perform public.answer_match_invite(v_rematch.id, true);
      return v_rematch.id;
    end if;
    if v_rematch.status = 'invited' and v_rematch.invited_by = v_uid and v_rematch.deadline > now() then
      raise exception 'You offered a rematch already: wait for the answer.' using errcode = 'P0001';
    end if;
    raise exception 'A rematch of this game was offered already: invite your friend to a new game instead.' using errcode = 'P0001';
  end if;
  perform app_private.lock_profile(least(v_uid, v_other));
  perform app_private.lock_profile(greatest(v_uid, v_other));
  v_refusal := app_private.match_invite_refusal(v_uid, v_other, v_match.game, not exists (
    select 1 from app_private.matches l
    where l.link_code is not null and l.started_at is not null
      and ((l.first_player = v_uid and l.second_player = v_other) or (l.first_player = v_other and l.second_player = v_uid))));
  if v_refusal is not null then
    raise exception '%', v_refusal using errcode = 'P0001';
  end if;
  insert into app_private.matches (game, pace, first_player, second_player, invited_by, position, deadline, rematch_of)
  values (v_match.game, v_match.pace, v_match.second_player, v_match.first_player, v_uid,
          app_private.match_start_position(v_match.game), now() + app_private.match_invite_time(v_match.pace), v_match.id)
  returning id into v_id;
  return v_id;
end $$;
revoke execute on function public.offer_rematch(bigint) from public, anon;
grant execute on function public.offer_rematch(bigint) to authenticated, service_role;

create or replace function public.create_match_link(p_game text, p_pace text default 'live', p_moves_first text default 'me')
returns table (match_id bigint, code text, expires_at timestamptz)
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_refusal text;
  v_first boolean;
begin
  if p_game is null or p_game not in ('chess', 'tic-tac-toe', 'hex-conquest') then
    raise exception 'A game to play together is chess, tic-tac-toe or hex-conquest.' using errcode = '22023';
  end if;
  if p_pace is null or p_pace not in ('live', 'correspondence') then
    raise exception 'A game is live (2 minutes a move) or correspondence (3 days a move).' using errcode = '22023';
  end if;
  if p_moves_first is null or p_moves_first not in ('me', 'friend', 'random') then
    raise exception 'Say who moves first: me, friend or random.' using errcode = '22023';
  end if;
  -- The student's row first: two links made at once meet here, and the second counts the first.
  perform app_private.lock_profile(v_uid);
  v_refusal := app_private.match_invite_limit_refusal(v_uid);
  if v_refusal is not null then
    raise exception '%', v_refusal using errcode = 'P0001';
  end if;
  v_first := case p_moves_first when 'me' then true when 'friend' then false else random() < 0.5 end;
  return query
    insert into app_private.matches as m (game, pace, first_player, second_player, invited_by, position, deadline, link_code)
    values (p_game, p_pace, case when v_first then v_uid end, case when v_first then null else v_uid end,
            v_uid, app_private.match_start_position(p_game), now() + app_private.match_invite_time(p_pace),
            translate(encode(extensions.gen_random_bytes(12), 'base64'), '+/', '-_'))
    returning m.id, m.link_code, m.deadline;
end $$;
revoke execute on function public.create_match_link(text, text, text) from public, anon;
grant execute on function public.create_match_link(text, text, text) to authenticated, service_role;

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

create or replace function public.get_my_match_links()
returns table (match_id bigint, code text, game text, pace text, expires_at timestamptz)
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  return query
    select m.id, m.link_code, m.game, m.pace, m.deadline
    from app_private.matches m
    where m.invited_by = v_uid and m.status = 'invited' and m.link_code is not null and m.deadline > now()
      and (m.first_player is null or m.second_player is null)
    order by m.created_at desc, m.id desc;
end $$;
revoke execute on function public.get_my_match_links() from public, anon;
grant execute on function public.get_my_match_links() to authenticated, service_role;
