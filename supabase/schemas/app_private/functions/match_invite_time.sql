-- How long an invite to a two-player game waits for its answer (issue 28): 10 minutes for a live
-- game (it is an invite to play now: an answer an hour later would start a clock its inviter no
-- longer watches), 3 days for a correspondence game, as long as a turn.

create or replace function app_private.match_invite_time(p_pace text) returns interval
language sql immutable set search_path = '' as $$
  select case p_pace when 'live' then interval '10 minutes' when 'correspondence' then interval '3 days' end
$$;
revoke all on function app_private.match_invite_time(text) from public;
