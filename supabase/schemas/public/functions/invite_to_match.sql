-- Invites a friend to a two-player game (issue 28): Chess, Tic Tac Toe or Hex Conquest, live (2
-- minutes a turn) or correspondence (3 days a turn), and who moves first: the inviter ('me'), the
-- friend ('friend') or either ('random'). The game waits for the friend's answer
-- (public.answer_match_invite) until the invite's time is up (app_private.match_invite_time). The
-- rules of who may invite whom, and how often, are app_private.match_invite_refusal's. Returns the
-- game's id.

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
