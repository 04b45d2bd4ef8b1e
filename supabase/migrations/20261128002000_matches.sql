-- Two-player games by invite (issue 28): Chess, Tic Tac Toe and Hex Conquest between two friends,
-- the second part of "Play together" after the classmates of 20261127009000.
--
-- Why: three bundled games are two-player by nature, and a student could only play them against the
-- computer. A game is a server row that starts as an invite; its moves come in through one way only,
-- the match-move function (supabase/functions/match-move), which runs the game's rules (chess.js for
-- chess, the bundled games' own rules modules for the others) and stores the move through
-- public.store_match_move, granted to the service role alone: a student's token cannot store a move
-- at all, for themselves or for the other player. store_match_move checks again under the game's lock
-- what may have changed meanwhile (turn, the ply the move was made at, status, deadline) and applies
-- each move's mutation id once: sent again, it gets the answer it got the first time.
-- Everything lives in app_private; students reach it only through the RPCs below, which start in
-- app_private.require_uid, and only a game's two players read it (a moderator too, once a player
-- reported it). Refusals say why in words; a move's refusals also carry a code for the device.
--
-- Limits: a turn is 2 minutes in a live game and 3 days in a correspondence one, an invite waits 10
-- minutes or 3 days; friends only and never across a block; one game of each kind going per pair, 5
-- invites waiting, 20 games going, 20 invites an hour per student; one draw offer per move; one
-- rematch per game; one report per game per student. Declined, cancelled and lapsed invites are swept
-- a day after they closed (app_private.sweep_old_rows). A moderator may end a reported game
-- (public.end_match, recorded as a decision of subject 'match' that cannot be undone).

-- app_private.matches

create table app_private.matches (
  id bigint generated always as identity primary key,
  game text not null,
  pace text not null,
  first_player uuid not null references auth.users (id) on delete cascade,
  second_player uuid not null references auth.users (id) on delete cascade,
  invited_by uuid not null,
  status text not null default 'invited',
  position text not null,
  ply integer not null default 0,
  deadline timestamptz,
  result text,
  reason text,
  draw_offer_by uuid,
  draw_offer_ply integer,
  rematch_of bigint references app_private.matches (id) on delete set null,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint matches_game check (game in ('chess', 'tic-tac-toe', 'hex-conquest')),
  constraint matches_pace check (pace in ('live', 'correspondence')),
  constraint matches_two_players check (first_player <> second_player),
  constraint matches_inviter_plays check (invited_by in (first_player, second_player)),
  constraint matches_status check (status in ('invited', 'active', 'finished', 'declined', 'cancelled', 'ended')),
  constraint matches_position_length check (char_length(position) between 1 and 100),
  constraint matches_ply check (ply between 0 and 2000),
  constraint matches_deadline_while_open check ((status in ('invited', 'active')) = (deadline is not null)),
  constraint matches_result check ((status = 'finished') = (result is not null) and (result is null or result in ('first', 'second', 'draw'))),
  constraint matches_reason check (
    (status in ('finished', 'ended')) = (reason is not null)
    and (reason is null or reason in ('checkmate', 'stalemate', 'insufficient material', 'threefold repetition', 'fifty moves',
                   'three in a row', 'full board', 'most hexagons', 'even hexagons',
                   'resigned', 'timeout', 'agreed', 'moderator'))
  ),
  constraint matches_draw_offer check (draw_offer_by is null or (status = 'active' and draw_offer_by in (first_player, second_player)))
);
-- A student's games, from either side.
create index matches_first_player_idx on app_private.matches (first_player, status);
create index matches_second_player_idx on app_private.matches (second_player, status);
-- The hourly count of a student's invites.
create index matches_invited_by_idx on app_private.matches (invited_by, created_at);
-- One rematch per game.
create unique index matches_rematch_once_idx on app_private.matches (rematch_of);
-- What the sweep finds: invites that closed unplayed, and invites left to lapse.
create index matches_closed_unplayed_idx on app_private.matches (finished_at) where status in ('declined', 'cancelled');
create index matches_lapsed_idx on app_private.matches (deadline) where status = 'invited';

-- app_private.match_moves

create table app_private.match_moves (
  match_id bigint not null references app_private.matches (id) on delete cascade,
  ply integer not null,
  player uuid not null,
  move text not null,
  position text not null,
  mutation_id uuid not null,
  result text,
  reason text,
  made_at timestamptz not null default now(),
  primary key (match_id, ply),
  constraint match_moves_mutation_once unique (player, mutation_id),
  constraint match_moves_move_length check (char_length(move) between 1 and 10),
  constraint match_moves_position_length check (char_length(position) between 1 and 100),
  constraint match_moves_result check ((result is null) = (reason is null) and (result is null or result in ('first', 'second', 'draw')))
);

-- app_private.match_results

create table app_private.match_results (
  user_id uuid not null references auth.users (id) on delete cascade,
  game text not null,
  wins integer not null default 0,
  draws integer not null default 0,
  losses integer not null default 0,
  primary key (user_id, game),
  constraint match_results_counts check (wins >= 0 and draws >= 0 and losses >= 0)
);

-- app_private.match_reports

create table app_private.match_reports (
  id bigint generated always as identity primary key,
  match_id bigint not null references app_private.matches (id) on delete cascade,
  reporter uuid not null references auth.users (id) on delete cascade,
  reported uuid not null,
  reason text not null default '',
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  constraint match_reports_once unique (match_id, reporter),
  constraint match_reports_reason_length check (char_length(reason) <= 500)
);
-- The desk's queue, oldest open report first.
create index match_reports_open_idx on app_private.match_reports (created_at, id) where closed_at is null;

-- The desk records the end of a game like its other decisions.

alter table public.moderation_decisions
  drop constraint moderation_decisions_subject,
  drop constraint moderation_decisions_action;
alter table public.moderation_decisions
  add constraint moderation_decisions_subject check (subject in ('score', 'chat_report', 'takedown', 'creator_application', 'match')),
  add constraint moderation_decisions_action check (
    (subject = 'score' and action in ('approve', 'reject'))
    or (subject = 'chat_report' and action in ('hide', 'restore'))
    or (subject = 'takedown' and action in ('resolve', 'reopen'))
    or (subject = 'creator_application' and action in ('grant', 'decline', 'reopen'))
    or (subject = 'match' and action = 'end')
  );

-- app_private.match_start_position

create or replace function app_private.match_start_position(p_game text) returns text
language sql immutable set search_path = '' as $$
  select case p_game
    when 'chess' then 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
    when 'tic-tac-toe' then '.........'
    when 'hex-conquest' then 'P...C................#....C....#..P...#.................P...C'
  end
$$;
revoke all on function app_private.match_start_position(text) from public;

-- app_private.match_turn_time

create or replace function app_private.match_turn_time(p_pace text) returns interval
language sql immutable set search_path = '' as $$
  select case p_pace when 'live' then interval '2 minutes' when 'correspondence' then interval '3 days' end
$$;
revoke all on function app_private.match_turn_time(text) from public;

-- app_private.match_invite_time

create or replace function app_private.match_invite_time(p_pace text) returns interval
language sql immutable set search_path = '' as $$
  select case p_pace when 'live' then interval '10 minutes' when 'correspondence' then interval '3 days' end
$$;
revoke all on function app_private.match_invite_time(text) from public;

-- app_private.match_to_move

create or replace function app_private.match_to_move(p_match app_private.matches) returns uuid
language sql immutable set search_path = '' as $$
  select case when p_match.ply % 2 = 0 then p_match.first_player else p_match.second_player end
$$;
revoke all on function app_private.match_to_move(app_private.matches) from public;

-- app_private.lock_match

create or replace function app_private.lock_match(p_match_id bigint, p_uid uuid) returns app_private.matches
language plpgsql set search_path = '' as $$
declare
  v_match app_private.matches;
begin
  if p_match_id is null then
    raise exception 'Say which game.' using errcode = '22023';
  end if;
  select * into v_match from app_private.matches m where m.id = p_match_id for update;
  if v_match.id is null or p_uid not in (v_match.first_player, v_match.second_player) then
    raise exception 'This game is not yours: only its two players can see it or play in it.' using errcode = 'P0001';
  end if;
  return v_match;
end $$;
revoke all on function app_private.lock_match(bigint, uuid) from public;

-- app_private.finish_match

create or replace function app_private.finish_match(p_match_id bigint, p_result text, p_reason text) returns void
language plpgsql set search_path = '' as $$
declare
  v_match app_private.matches;
begin
  update app_private.matches m
     set status = 'finished', result = p_result, reason = p_reason, deadline = null, draw_offer_by = null,
         finished_at = now(), updated_at = now()
   where m.id = p_match_id and m.status = 'active'
  returning * into v_match;
  if v_match.id is null then
    raise exception 'Only a game being played can finish.' using errcode = 'P0001';
  end if;
  insert into app_private.match_results as r (user_id, game, wins, draws, losses)
  values
    (v_match.first_player, v_match.game, (p_result = 'first')::int, (p_result = 'draw')::int, (p_result = 'second')::int),
    (v_match.second_player, v_match.game, (p_result = 'second')::int, (p_result = 'draw')::int, (p_result = 'first')::int)
  on conflict (user_id, game) do update
    set wins = r.wins + excluded.wins, draws = r.draws + excluded.draws, losses = r.losses + excluded.losses;
end $$;
revoke all on function app_private.finish_match(bigint, text, text) from public;

-- app_private.matches_going

create or replace function app_private.matches_going(p_uid uuid) returns integer
language sql stable set search_path = '' as $$
  select count(*)::integer from (
    select 1 from app_private.matches m
     where m.first_player = p_uid
       and (m.status = 'active' or (m.status = 'invited' and m.invited_by = p_uid and m.deadline > now()))
    union all
    select 1 from app_private.matches m
     where m.second_player = p_uid
       and (m.status = 'active' or (m.status = 'invited' and m.invited_by = p_uid and m.deadline > now()))
  ) going
$$;
revoke all on function app_private.matches_going(uuid) from public;

-- app_private.match_invite_refusal

create or replace function app_private.match_invite_refusal(p_uid uuid, p_other uuid, p_game text) returns text
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
  if not exists (select 1 from app_private.friendships f
                 where f.user_low = least(p_uid, p_other) and f.user_high = greatest(p_uid, p_other) and f.status = 'accepted') then
    return format('You can invite only a friend to play. Ask %s to be friends first.', v_name);
  end if;
  if exists (select 1 from app_private.matches m
             where m.game = p_game
               and ((m.first_player = p_uid and m.second_player = p_other) or (m.first_player = p_other and m.second_player = p_uid))
               and (m.status = 'active' or (m.status = 'invited' and m.deadline > now()))) then
    return format('You and %s already have a game of %s going, or an invite to one waiting.', v_name,
                  case p_game when 'chess' then 'Chess' when 'tic-tac-toe' then 'Tic Tac Toe' else 'Hex Conquest' end);
  end if;
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
revoke all on function app_private.match_invite_refusal(uuid, uuid, text) from public;

-- app_private.match_move_answer

create or replace function app_private.match_move_answer(p_match app_private.matches, p_move app_private.match_moves) returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_build_object(
    'ok', true,
    'matchId', p_match.id,
    'ply', p_move.ply + 1,
    'move', p_move.move,
    'position', p_move.position,
    'turn', case when p_move.result is null then
              case when (p_move.ply + 1) % 2 = 0 then p_match.first_player else p_match.second_player end end,
    'status', case when p_move.result is null then 'active' else 'finished' end,
    'result', p_move.result,
    'winner', case p_move.result when 'first' then p_match.first_player when 'second' then p_match.second_player end,
    'reason', p_move.reason)
$$;
revoke all on function app_private.match_move_answer(app_private.matches, app_private.match_moves) from public;

-- app_private.match_move_refusal

create or replace function app_private.match_move_refusal(p_match app_private.matches, p_uid uuid, p_ply integer) returns jsonb
language plpgsql stable set search_path = '' as $$
begin
  return case
    when p_match.id is null or p_uid is null or p_uid not in (p_match.first_player, p_match.second_player) then
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

-- app_private.match_move_replay

create or replace function app_private.match_move_replay(
  p_uid uuid, p_match_id bigint, p_ply integer, p_move text, p_mutation_id uuid
) returns jsonb
language sql stable set search_path = '' as $$
  select case
    when mv.match_id = p_match_id and mv.ply = p_ply and mv.move = p_move then app_private.match_move_answer(m, mv)
    else jsonb_build_object('ok', false, 'code', 'mutation_reused',
      'message', 'This move''s id was already used for another move. Send the move again as a new one.')
  end
  from app_private.match_moves mv
  join app_private.matches m on m.id = mv.match_id
  where mv.player = p_uid and mv.mutation_id = p_mutation_id
$$;
revoke all on function app_private.match_move_replay(uuid, bigint, integer, text, uuid) from public;

-- app_private.apply_decision

create or replace function app_private.apply_decision(
  p_moderator uuid, p_subject text, p_subject_id bigint, p_action text, p_reason text, p_undoes bigint default null
) returns bigint
language plpgsql set search_path = public as $$
declare
  v_reason text := btrim(coalesce(p_reason, ''));
  v_review text;
  v_message bigint;
  v_hidden boolean;
  v_closed timestamptz;
  v_resolved timestamptz;
  v_student uuid;
  v_status text;
  v_author uuid;
  v_match app_private.matches;
  v_id bigint;
begin
  -- One decision about a subject at a time (undo_moderation_decision takes the same lock).
  perform pg_advisory_xact_lock(hashtext('moderation:' || p_subject || ':' || p_subject_id));
  if char_length(v_reason) not between 1 and 500 then
    raise exception 'Say why in a few words (at most 500 characters): every decision keeps its reason.' using errcode = 'P0001';
  end if;

  if p_subject = 'score' and p_action in ('approve', 'reject') then
    select review, user_id into v_review, v_student from public.leaderboard_submissions where id = p_subject_id for update;
    if not found then
      raise exception 'That score is gone: its student withdrew it.' using errcode = 'P0001';
    end if;
    if v_student = p_moderator then
      raise exception 'You cannot decide on your own score: another moderator will.' using errcode = 'P0001';
    end if;
    if v_review = (case p_action when 'approve' then 'approved' else 'rejected' end) then
      raise exception 'That score is already %.', v_review using errcode = 'P0001';
    end if;
    update public.leaderboard_submissions
      set review = case p_action when 'approve' then 'approved' else 'rejected' end
      where id = p_subject_id;

  elsif p_subject = 'chat_report' and p_action in ('hide', 'restore') then
    select message_id, closed_at, message_author into v_message, v_closed, v_author
    from public.chat_reports where id = p_subject_id for update;
    if not found then
      raise exception 'That report is gone.' using errcode = 'P0001';
    end if;
    v_author := coalesce((select m.user_id from public.chat_messages m where m.id = v_message), v_author);
    if v_author = p_moderator then
      raise exception 'You cannot decide on a report of your own message: another moderator will.' using errcode = 'P0001';
    end if;
    if v_message is not null then
      select hidden into v_hidden from public.chat_messages where id = v_message for update;
    end if;
    -- An open report is always decided (restoring a visible message dismisses the report); a closed
    -- one only changes the message back or forth.
    if v_closed is not null and coalesce(v_hidden, p_action = 'hide') = (p_action = 'hide') then
      raise exception 'That message is already %.', case p_action when 'hide' then 'hidden' else 'shown' end using errcode = 'P0001';
    end if;
    if v_message is not null then
      update public.chat_messages set hidden = (p_action = 'hide') where id = v_message;
      update public.chat_reports set closed_at = now() where message_id = v_message and closed_at is null;
    else
      update public.chat_reports set closed_at = coalesce(closed_at, now()) where id = p_subject_id;
    end if;

  elsif p_subject = 'takedown' and p_action in ('resolve', 'reopen') then
    select resolved_at, requested_by into v_resolved, v_student from public.takedown_requests where id = p_subject_id for update;
    if not found then
      raise exception 'That request is gone.' using errcode = 'P0001';
    end if;
    if v_student = p_moderator then
      raise exception 'You cannot decide on a request you filed yourself: another moderator will.' using errcode = 'P0001';
    end if;
    if (v_resolved is not null) = (p_action = 'resolve') then
      raise exception 'That request is already %.', case p_action when 'resolve' then 'resolved' else 'open' end using errcode = 'P0001';
    end if;
    update public.takedown_requests set resolved_at = case p_action when 'resolve' then now() end where id = p_subject_id;

  elsif p_subject = 'creator_application' and p_action in ('grant', 'decline', 'reopen') then
    select user_id into v_student from public.creator_applications where id = p_subject_id;
    if not found then
      raise exception 'That application is gone: its student''s account was deleted.' using errcode = 'P0001';
    end if;
    -- The student's profile row is what submit_creator_application locks: an application reopened here
    -- and a new one sent at the same moment cannot both end up waiting.
    perform 1 from public.my_users where user_id = v_student for update;
    select status into v_status from public.creator_applications where id = p_subject_id for update;
    if v_student = p_moderator then
      raise exception 'You cannot decide on your own application: another moderator will.' using errcode = 'P0001';
    end if;
    if p_action = 'reopen' then
      if v_status = 'pending' then
        raise exception 'That application is already waiting.' using errcode = 'P0001';
      elsif v_status = 'withdrawn' then
        raise exception 'Its student withdrew that application.' using errcode = 'P0001';
      end if;
      if exists (select 1 from public.creator_applications a where a.user_id = v_student and a.status = 'pending') then
        raise exception 'Its student has applied again since: decide on the newer application.' using errcode = 'P0001';
      end if;
      delete from public.creators where application_id = p_subject_id;
      update public.creator_applications set status = 'pending', closed_at = null where id = p_subject_id;
    else
      if v_status <> 'pending' then
        raise exception '%', case v_status
          when 'withdrawn' then 'Its student withdrew that application.'
          else format('That application is already %s.', v_status)
        end using errcode = 'P0001';
      end if;
      if p_action = 'grant' then
        if exists (select 1 from public.creators c where c.user_id = v_student) then
          raise exception 'That student is already a creator: decline the application, saying so.' using errcode = 'P0001';
        end if;
        insert into public.creators (user_id, granted_by, application_id)
          values (v_student,
            'moderator ' || coalesce((select m.username from public.my_users m where m.user_id = p_moderator), p_moderator::text),
            p_subject_id);
      end if;
      update public.creator_applications
        set status = case p_action when 'grant' then 'granted' else 'declined' end, closed_at = now()
        where id = p_subject_id;
    end if;

  elsif p_subject = 'match' and p_action = 'end' then
    select * into v_match from app_private.matches m where m.id = p_subject_id for update;
    if v_match.id is null then
      raise exception 'That game is gone: a player''s account was deleted, or it was an invite closed long ago.' using errcode = 'P0001';
    end if;
    if p_moderator in (v_match.first_player, v_match.second_player) then
      raise exception 'You cannot decide on a game you play in: another moderator will.' using errcode = 'P0001';
    end if;
    if v_match.status in ('invited', 'active') then
      update app_private.matches m
         set status = 'ended', reason = 'moderator', deadline = null, draw_offer_by = null, finished_at = now(), updated_at = now()
       where m.id = p_subject_id;
    elsif not exists (select 1 from app_private.match_reports r where r.match_id = p_subject_id and r.closed_at is null) then
      raise exception 'That game is already over, and no report of it is open.' using errcode = 'P0001';
    end if;
    update app_private.match_reports r set closed_at = now() where r.match_id = p_subject_id and r.closed_at is null;

  else
    raise exception 'Unknown decision % on %.', p_action, p_subject using errcode = '22023';
  end if;

  insert into public.moderation_decisions (moderator_id, subject, subject_id, action, reason, undoes)
    values (p_moderator, p_subject, p_subject_id, p_action, v_reason, p_undoes)
    returning id into v_id;
  return v_id;
end $$;
revoke all on function app_private.apply_decision(uuid, text, bigint, text, text, bigint) from public;

-- app_private.sweep_old_rows, sweeping invites never played

create or replace function app_private.sweep_old_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  case tg_table_name
    when 'client_mutations' then
      delete from public.client_mutations where ctid in (
        select ctid from public.client_mutations where created_at < now() - interval '35 days'
        order by created_at limit 8 for update skip locked);
    when 'game_runs' then
      delete from app_private.game_runs where ctid in (
        select ctid from app_private.game_runs where started_at < now() - interval '1 day'
        order by started_at limit 8 for update skip locked);
    when 'score_submissions_log' then
      delete from app_private.score_submissions_log where ctid in (
        select ctid from app_private.score_submissions_log where sent_at < now() - interval '1 day'
        order by sent_at limit 8 for update skip locked);
    when 'game_save_writes' then
      delete from app_private.game_save_writes where ctid in (
        select ctid from app_private.game_save_writes where written_at < now() - interval '1 minute'
        order by written_at limit 8 for update skip locked);
    when 'chat_sends' then
      delete from app_private.chat_sends where ctid in (
        select ctid from app_private.chat_sends where sent_at < now() - interval '30 seconds'
        order by sent_at limit 8 for update skip locked);
    when 'friend_actions' then
      delete from app_private.friend_actions where ctid in (
        select ctid from app_private.friend_actions where done_at < now() - interval '1 hour'
        order by done_at limit 8 for update skip locked);
    when 'friend_invites' then
      delete from app_private.friend_invites where ctid in (
        select ctid from app_private.friend_invites where expires_at < now() - interval '1 day'
        order by expires_at limit 8 for update skip locked);
    when 'matches' then
      delete from app_private.matches where ctid in (
        select m.ctid from app_private.matches m
        where m.status in ('declined', 'cancelled') and m.finished_at < now() - interval '1 day'
          and not exists (select 1 from app_private.match_reports r where r.match_id = m.id and r.closed_at is null)
        order by m.finished_at limit 8 for update skip locked);
      delete from app_private.matches where ctid in (
        select m.ctid from app_private.matches m
        where m.status = 'invited' and m.deadline < now() - interval '1 day'
          and not exists (select 1 from app_private.match_reports r where r.match_id = m.id and r.closed_at is null)
        order by m.deadline limit 8 for update skip locked);
  end case;
  return null;
end $$;
revoke execute on function app_private.sweep_old_rows() from public;

create trigger sweep_old_rows after insert on app_private.matches
  for each statement execute function app_private.sweep_old_rows();

-- public.invite_to_match

create or replace function public.invite_to_match(p_user_id uuid, p_game text, p_pace text default 'live', p_moves_first text default 'me')
returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_refusal text;
  v_first boolean;
  v_id bigint;
begin
  if p_user_id is null then
    raise exception 'Say which friend to invite.' using errcode = '22023';
  end if;
  if p_game is null or p_game not in ('chess', 'tic-tac-toe', 'hex-conquest') then
    raise exception 'A game to play together is chess, tic-tac-toe or hex-conquest.' using errcode = '22023';
  end if;
  if p_pace is null or p_pace not in ('live', 'correspondence') then
    raise exception 'A game is live (2 minutes a move) or correspondence (3 days a move).' using errcode = '22023';
  end if;
  if p_moves_first is null or p_moves_first not in ('me', 'friend', 'random') then
    raise exception 'Say who moves first: me, friend or random.' using errcode = '22023';
  end if;
  -- Both students' rows, in one order: two invites between the same pair at once meet here, and the
  -- second sees the first.
  if not exists (select 1 from public.my_users m where m.user_id = p_user_id) then
    raise exception 'There is no such student to invite.' using errcode = 'P0001';
  end if;
  perform app_private.lock_profile(least(v_uid, p_user_id));
  perform app_private.lock_profile(greatest(v_uid, p_user_id));
  v_refusal := app_private.match_invite_refusal(v_uid, p_user_id, p_game);
  if v_refusal is not null then
    raise exception '%', v_refusal using errcode = 'P0001';
  end if;
  v_first := case p_moves_first when 'me' then true when 'friend' then false else random() < 0.5 end;
  insert into app_private.matches (game, pace, first_player, second_player, invited_by, position, deadline)
  values (p_game, p_pace,
          case when v_first then v_uid else p_user_id end, case when v_first then p_user_id else v_uid end,
          v_uid, app_private.match_start_position(p_game), now() + app_private.match_invite_time(p_pace))
  returning id into v_id;
  return v_id;
end $$;
revoke execute on function public.invite_to_match(uuid, text, text, text) from public, anon;
grant execute on function public.invite_to_match(uuid, text, text, text) to authenticated, service_role;

-- public.answer_match_invite

create or replace function public.answer_match_invite(p_match_id bigint, p_accept boolean) returns text
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches;
begin
  if p_accept is null then
    raise exception 'Say whether you accept the invite.' using errcode = '22023';
  end if;
  v_match := app_private.lock_match(p_match_id, v_uid);
  if v_match.status <> 'invited' or v_match.invited_by = v_uid then
    raise exception 'There is no invite to this game waiting for your answer.' using errcode = 'P0001';
  end if;
  if v_match.deadline <= now() then
    raise exception 'This invite has expired. Invite your friend back if you want to play.' using errcode = 'P0001';
  end if;
  if not p_accept then
    update app_private.matches m set status = 'declined', deadline = null, finished_at = now(), updated_at = now() where m.id = v_match.id;
    return 'declined';
  end if;
  if app_private.blocked_between(v_match.first_player, v_match.second_player) then
    raise exception 'You cannot play with this student.' using errcode = 'P0001';
  end if;
  if app_private.matches_going(v_uid) >= 20 then
    raise exception 'You have 20 games going. Finish one before starting another.' using errcode = 'P0001';
  end if;
  update app_private.matches m
     set status = 'active', started_at = now(), updated_at = now(), deadline = now() + app_private.match_turn_time(m.pace)
   where m.id = v_match.id;
  return 'active';
end $$;
revoke execute on function public.answer_match_invite(bigint, boolean) from public, anon;
grant execute on function public.answer_match_invite(bigint, boolean) to authenticated, service_role;

-- public.cancel_match_invite

create or replace function public.cancel_match_invite(p_match_id bigint) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches := app_private.lock_match(p_match_id, v_uid);
begin
  if v_match.status <> 'invited' or v_match.invited_by <> v_uid then
    raise exception 'You have no invite to this game waiting for an answer.' using errcode = 'P0001';
  end if;
  update app_private.matches m set status = 'cancelled', deadline = null, finished_at = now(), updated_at = now() where m.id = v_match.id;
end $$;
revoke execute on function public.cancel_match_invite(bigint) from public, anon;
grant execute on function public.cancel_match_invite(bigint) to authenticated, service_role;

-- public.resign_match

create or replace function public.resign_match(p_match_id bigint) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches := app_private.lock_match(p_match_id, v_uid);
begin
  if v_match.status = 'invited' then
    raise exception 'This game has not started: cancel or decline the invite instead.' using errcode = 'P0001';
  end if;
  if v_match.status <> 'active' then
    raise exception 'This game is over.' using errcode = 'P0001';
  end if;
  perform app_private.finish_match(v_match.id, case when v_uid = v_match.first_player then 'second' else 'first' end, 'resigned');
end $$;
revoke execute on function public.resign_match(bigint) from public, anon;
grant execute on function public.resign_match(bigint) to authenticated, service_role;

-- public.offer_draw

create or replace function public.offer_draw(p_match_id bigint) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches := app_private.lock_match(p_match_id, v_uid);
begin
  if v_match.status <> 'active' then
    raise exception 'Only a game being played can end in a draw.' using errcode = 'P0001';
  end if;
  if v_match.draw_offer_by = v_uid then
    raise exception 'You offered a draw already: wait for the answer.' using errcode = 'P0001';
  end if;
  if v_match.draw_offer_by is not null then
    raise exception 'The other player offered a draw: answer their offer.' using errcode = 'P0001';
  end if;
  if v_match.draw_offer_ply = v_match.ply then
    raise exception 'A draw was offered since the last move. Make a move before offering again.' using errcode = 'P0001';
  end if;
  update app_private.matches m set draw_offer_by = v_uid, draw_offer_ply = m.ply, updated_at = now() where m.id = v_match.id;
end $$;
revoke execute on function public.offer_draw(bigint) from public, anon;
grant execute on function public.offer_draw(bigint) to authenticated, service_role;

-- public.answer_draw

create or replace function public.answer_draw(p_match_id bigint, p_accept boolean) returns text
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches;
begin
  if p_accept is null then
    raise exception 'Say whether you accept the draw.' using errcode = '22023';
  end if;
  v_match := app_private.lock_match(p_match_id, v_uid);
  if v_match.status <> 'active' or v_match.draw_offer_by is null or v_match.draw_offer_by = v_uid then
    raise exception 'There is no draw offer waiting for your answer.' using errcode = 'P0001';
  end if;
  if not p_accept then
    update app_private.matches m set draw_offer_by = null, updated_at = now() where m.id = v_match.id;
    return 'active';
  end if;
  perform app_private.finish_match(v_match.id, 'draw', 'agreed');
  return 'finished';
end $$;
revoke execute on function public.answer_draw(bigint, boolean) from public, anon;
grant execute on function public.answer_draw(bigint, boolean) to authenticated, service_role;

-- public.claim_match_timeout

create or replace function public.claim_match_timeout(p_match_id bigint) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches := app_private.lock_match(p_match_id, v_uid);
begin
  if v_match.status <> 'active' then
    raise exception 'Only a game being played can be won on time.' using errcode = 'P0001';
  end if;
  if app_private.match_to_move(v_match) = v_uid then
    raise exception 'It is your turn: a game is won on time only while the other player is to move.' using errcode = 'P0001';
  end if;
  if v_match.deadline > now() then
    return jsonb_build_object('won', false, 'seconds_left', ceil(extract(epoch from v_match.deadline - now()))::integer);
  end if;
  perform app_private.finish_match(v_match.id, case when v_uid = v_match.first_player then 'first' else 'second' end, 'timeout');
  return jsonb_build_object('won', true, 'seconds_left', 0);
end $$;
revoke execute on function public.claim_match_timeout(bigint) from public, anon;
grant execute on function public.claim_match_timeout(bigint) to authenticated, service_role;

-- public.offer_rematch

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
  v_refusal := app_private.match_invite_refusal(v_uid, v_other, v_match.game);
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

-- public.get_my_matches

create or replace function public.get_my_matches()
returns table (
  match_id bigint, game text, pace text, status text, opponent_id uuid, opponent_username text, opponent_icon text,
  invited_by_me boolean, i_move_first boolean, ply integer, my_turn boolean, deadline timestamptz,
  result text, reason text, draw_offer text, rematch_of bigint, updated_at timestamptz
)
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  return query
  with mine as (
    select m.*, m.second_player as opponent, app_private.match_to_move(m) = v_uid and m.status = 'active' as my_turn
    from app_private.matches m where m.first_player = v_uid
    union all
    select m.*, m.first_player, app_private.match_to_move(m) = v_uid and m.status = 'active'
    from app_private.matches m where m.second_player = v_uid
  ), shown as (
    select m.* from mine m
    where m.status = 'active'
       or (m.status = 'invited' and m.deadline > now())
       or (m.status not in ('active', 'invited') and m.finished_at > now() - interval '7 days')
  )
  select s.id, s.game, s.pace, s.status, s.opponent, u.username, u.icon,
         s.invited_by = v_uid, s.first_player = v_uid, s.ply,
         s.my_turn,
         s.deadline,
         case when s.result = 'draw' then 'drawn'
              when s.result = 'first' then case when s.first_player = v_uid then 'won' else 'lost' end
              when s.result = 'second' then case when s.second_player = v_uid then 'won' else 'lost' end end,
         s.reason,
         case when s.draw_offer_by = v_uid then 'mine' when s.draw_offer_by is not null then 'theirs' end,
         s.rematch_of, s.updated_at
  from shown s
  join public.my_users u on u.user_id = s.opponent
  where not (s.status = 'invited' and app_private.blocked_between(v_uid, s.opponent))
  order by s.my_turn desc, s.updated_at desc, s.id desc
  limit 100;
end $$;
revoke execute on function public.get_my_matches() from public, anon;
grant execute on function public.get_my_matches() to authenticated, service_role;

-- public.get_match

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
     or (v_uid not in (v_match.first_player, v_match.second_player)
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

-- public.get_match_results

create or replace function public.get_match_results(p_username text)
returns table (game text, wins integer, draws integer, losses integer)
language sql stable security definer set search_path = public as $$
  select r.game, r.wins, r.draws, r.losses
  from public.my_users m
  join app_private.match_results r on r.user_id = m.user_id
  where lower(m.username) = lower(p_username)
  order by r.game
$$;
revoke execute on function public.get_match_results(text) from public;
grant execute on function public.get_match_results(text) to anon, authenticated, service_role;

-- public.get_match_for_move

create or replace function public.get_match_for_move(p_match_id bigint, p_ply integer, p_move text, p_mutation_id uuid) returns jsonb
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_match app_private.matches;
  v_answer jsonb;
begin
  if p_match_id is null or p_ply is null or p_move is null or p_mutation_id is null then
    raise exception 'A move names its game, the ply it was made at, the move and its id.' using errcode = '22023';
  end if;
  v_answer := app_private.match_move_replay(v_uid, p_match_id, p_ply, p_move, p_mutation_id);
  if v_answer is not null then
    return case when (v_answer ->> 'ok')::boolean then jsonb_build_object('ok', true, 'answer', v_answer) else v_answer end;
  end if;
  select * into v_match from app_private.matches m where m.id = p_match_id;
  v_answer := app_private.match_move_refusal(v_match, v_uid, p_ply);
  if v_answer is not null then
    return v_answer;
  end if;
  return jsonb_build_object('ok', true, 'context', jsonb_build_object(
    'player', v_uid,
    'game', v_match.game,
    'side', case when v_match.first_player = v_uid then 'first' else 'second' end,
    'position', v_match.position,
    'history', case when v_match.game = 'chess' then coalesce(
      (select jsonb_agg(mv.move order by mv.ply) from app_private.match_moves mv where mv.match_id = v_match.id), '[]'::jsonb)
      else '[]'::jsonb end));
end $$;
revoke execute on function public.get_match_for_move(bigint, integer, text, uuid) from public, anon;
grant execute on function public.get_match_for_move(bigint, integer, text, uuid) to authenticated, service_role;

-- public.store_match_move

create or replace function public.store_match_move(
  p_user_id uuid, p_match_id bigint, p_ply integer, p_move text, p_mutation_id uuid,
  p_position text, p_result text default null, p_reason text default null
) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_match app_private.matches;
  v_move app_private.match_moves;
  v_answer jsonb;
begin
  if p_user_id is null or p_match_id is null or p_ply is null or p_mutation_id is null
     or p_move is null or char_length(p_move) not between 1 and 10
     or p_position is null or char_length(p_position) not between 1 and 100
     or (p_result is null) <> (p_reason is null)
     or p_result not in ('first', 'second', 'draw')
     or p_reason not in ('checkmate', 'stalemate', 'insufficient material', 'threefold repetition', 'fifty moves',
                         'three in a row', 'full board', 'most hexagons', 'even hexagons') then
    raise exception 'store_match_move needs a player, a game, a ply, a move of 1 to 10 characters, its id, the position after it, and a result with its reason or neither.' using errcode = '22023';
  end if;
  select * into v_match from app_private.matches m where m.id = p_match_id for update;
  v_answer := coalesce(
    app_private.match_move_replay(p_user_id, p_match_id, p_ply, p_move, p_mutation_id),
    app_private.match_move_refusal(v_match, p_user_id, p_ply));
  if v_answer is not null then
    return v_answer;
  end if;
  insert into app_private.match_moves (match_id, ply, player, move, position, mutation_id, result, reason)
  values (v_match.id, v_match.ply, p_user_id, p_move, p_position, p_mutation_id, p_result, p_reason)
  returning * into v_move;
  update app_private.matches m
     set position = p_position, ply = m.ply + 1, updated_at = now(),
         deadline = now() + app_private.match_turn_time(m.pace),
         draw_offer_by = case when m.draw_offer_by = p_user_id then m.draw_offer_by end
   where m.id = v_match.id
  returning * into v_match;
  if p_result is not null then
    perform app_private.finish_match(v_match.id, p_result, p_reason);
  end if;
  return app_private.match_move_answer(v_match, v_move);
end $$;
revoke execute on function public.store_match_move(uuid, bigint, integer, text, uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.store_match_move(uuid, bigint, integer, text, uuid, text, text, text) to service_role;

-- public.report_match_player

create or replace function public.report_match_player(p_match_id bigint, p_reason text default '') returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_reason text := btrim(coalesce(p_reason, ''));
  v_match app_private.matches := app_private.lock_match(p_match_id, v_uid);
  v_id bigint;
begin
  if char_length(v_reason) > 500 then
    raise exception 'Say what happened in at most 500 characters.' using errcode = '22023';
  end if;
  if app_private.text_problem(v_reason) is not null then
    raise exception 'The reason holds characters that change the direction of the text, or only blank ones.' using errcode = '22023';
  end if;
  insert into app_private.match_reports (match_id, reporter, reported, reason)
  values (v_match.id, v_uid, case when v_uid = v_match.first_player then v_match.second_player else v_match.first_player end, v_reason)
  on conflict (match_id, reporter) do nothing
  returning id into v_id;
  if v_id is null then
    raise exception 'You reported this game already: a moderator will look at it.' using errcode = 'P0001';
  end if;
  return v_id;
end $$;
revoke execute on function public.report_match_player(bigint, text) from public, anon;
grant execute on function public.report_match_player(bigint, text) to authenticated, service_role;

-- public.get_reported_matches

create or replace function public.get_reported_matches()
returns table (
  report_id bigint, match_id bigint, game text, status text, ply integer,
  reporter_username text, reported_username text, reason text, reported_at timestamptz
)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  return query
    select r.id, m.id, m.game, m.status, m.ply, reporter.username, reported.username, r.reason, r.created_at
    from app_private.match_reports r
    join app_private.matches m on m.id = r.match_id
    left join public.my_users reporter on reporter.user_id = r.reporter
    left join public.my_users reported on reported.user_id = r.reported
    where r.closed_at is null
    order by r.created_at, r.id
    limit 50;
end $$;
revoke execute on function public.get_reported_matches() from public, anon;
grant execute on function public.get_reported_matches() to authenticated, service_role;

-- public.end_match

create or replace function public.end_match(p_match_id bigint, p_reason text) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_moderator();
begin
  if p_match_id is null then
    raise exception 'end_match needs a game.' using errcode = '22023';
  end if;
  return app_private.apply_decision(v_uid, 'match', p_match_id, 'end', p_reason);
end $$;
revoke execute on function public.end_match(bigint, text) from public, anon;
grant execute on function public.end_match(bigint, text) to authenticated, service_role;

-- public.undo_moderation_decision

create or replace function public.undo_moderation_decision(p_decision_id bigint, p_reason text) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_moderator();
  v_decision public.moderation_decisions;
begin
  select * into v_decision from public.moderation_decisions where id = p_decision_id;
  if not found then
    raise exception 'Decision % not found.', coalesce(p_decision_id::text, 'null') using errcode = '22023';
  end if;
  if v_decision.subject = 'match' then
    raise exception 'A game a moderator ended stays ended: its players can start a new one.' using errcode = 'P0001';
  end if;
  -- The subject's lock (apply_decision takes it too), so no decision slips in between this check and the undo.
  perform pg_advisory_xact_lock(hashtext('moderation:' || v_decision.subject || ':' || v_decision.subject_id));
  if exists (
    select 1 from public.moderation_decisions d
    where d.subject = v_decision.subject and d.subject_id = v_decision.subject_id and d.id > v_decision.id
  ) then
    raise exception 'A later decision on this was made since: undo that one instead.' using errcode = 'P0001';
  end if;
  return app_private.apply_decision(
    v_uid, v_decision.subject, v_decision.subject_id,
    case v_decision.action
      when 'approve' then 'reject' when 'reject' then 'approve'
      when 'hide' then 'restore' when 'restore' then 'hide'
      when 'resolve' then 'reopen' when 'grant' then 'reopen' when 'decline' then 'reopen'
      -- A reopening is always the undoing of a decision: undoing it makes that decision again.
      else (select u.action from public.moderation_decisions u where u.id = v_decision.undoes)
    end,
    p_reason, v_decision.id);
end $$;
revoke execute on function public.undo_moderation_decision(bigint, text) from public, anon;
grant execute on function public.undo_moderation_decision(bigint, text) to authenticated, service_role;

-- public.get_moderation_decisions

create or replace function public.get_moderation_decisions(p_limit integer default 50)
returns table (
  id bigint, moderator_username text, subject text, subject_id bigint, about text, action text,
  reason text, created_at timestamptz, undoes bigint, undoable boolean
)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  if p_limit is null or p_limit not between 1 and 200 then
    raise exception 'p_limit must be between 1 and 200.' using errcode = '22023';
  end if;
  return query
    select d.id, coalesce(m.username, 'a former moderator'), d.subject, d.subject_id,
      case d.subject
        when 'score' then coalesce((
          select coalesce(u.username, 'someone') || ': ' || to_char(s.score, 'FM999,999,999,990') || ' in ' || a.title
          from public.leaderboard_submissions s
          join public.apps a on a.id = s.app_id
          left join public.my_users u on u.user_id = s.user_id
          where s.id = d.subject_id), 'a withdrawn score')
        when 'chat_report' then coalesce((
          select left(coalesce(c.body, r.message_body), 80)
          from public.chat_reports r left join public.chat_messages c on c.id = r.message_id
          where r.id = d.subject_id), 'a removed report')
        when 'creator_application' then coalesce((
          select coalesce(u.username, 'someone') || '''s creator application'
          from public.creator_applications ca left join public.my_users u on u.user_id = ca.user_id
          where ca.id = d.subject_id), 'a removed application')
        when 'match' then coalesce((
          select case g.game when 'chess' then 'Chess' when 'tic-tac-toe' then 'Tic Tac Toe' else 'Hex Conquest' end
                 || ': ' || coalesce(f.username, 'someone') || ' v ' || coalesce(s.username, 'someone')
          from app_private.matches g
          left join public.my_users f on f.user_id = g.first_player
          left join public.my_users s on s.user_id = g.second_player
          where g.id = d.subject_id), 'a removed game')
        else coalesce((select t.url from public.takedown_requests t where t.id = d.subject_id), 'a removed request')
      end,
      d.action, d.reason, d.created_at, d.undoes,
      d.subject <> 'match' and not exists (select 1 from public.moderation_decisions later
        where later.subject = d.subject and later.subject_id = d.subject_id and later.id > d.id)
    from public.moderation_decisions d
    left join public.my_users m on m.user_id = d.moderator_id
    order by d.id desc
    limit p_limit;
end $$;
revoke execute on function public.get_moderation_decisions(integer) from public, anon;
grant execute on function public.get_moderation_decisions(integer) to authenticated, service_role;
