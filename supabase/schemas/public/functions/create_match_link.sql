-- Makes a link to a two-player game (issue 28) for whoever opens it first (public.join_match_link):
-- "share a link instead" of inviting a friend by name, as a QR code on the board or a message. The game
-- is an invite with the opener's seat still free (first or second, as p_moves_first says: 'me',
-- 'friend' for the opener, or 'random'). The code is 96 random bits as 16 URL-safe characters, as a
-- friend invite's. It is open as long as an invite of its pace (app_private.match_invite_time): 10
-- minutes for a live game, whose maker is waiting at the screen to play now, 3 days for a
-- correspondence game. A link is an invite: the same limits (app_private.match_invite_limit_refusal),
-- the same sweep once it lapsed, and the maker takes it back with public.cancel_match_invite.

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
