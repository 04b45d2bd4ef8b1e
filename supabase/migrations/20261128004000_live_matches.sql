-- Games and friends live (issue 28): the other player's move, an invite, an answer and a friend request
-- reach the other device through Realtime, on the student's own topic user:<id> (20261128001000), in
-- place of the match page asking every 2 s and the friends page every 15-20 s.
--
-- Why: the move's latency goal (p95 <= 2 s to the other device) was met only by a 2 s poll, which costs
-- 30 requests a minute for every open game, and "your turn" could not show on other pages at all. The
-- broadcasts name only the game (or nothing, for friends): each device reads what changed through the
-- RPCs that decide what it may see.

create or replace function app_private.matches_announce() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_payload jsonb := jsonb_build_object('match_id', new.id, 'status', new.status, 'ply', new.ply);
begin
  perform realtime.send(v_payload, 'match', 'user:' || new.first_player::text, true);
  perform realtime.send(v_payload, 'match', 'user:' || new.second_player::text, true);
  return null;
end $$;
revoke execute on function app_private.matches_announce() from public;

create trigger matches_announce after insert or update on app_private.matches
  for each row execute function app_private.matches_announce();

create or replace function app_private.friendships_announce() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_row record;
begin
  if tg_op = 'DELETE' then v_row := old; else v_row := new; end if;
  perform realtime.send('{}'::jsonb, 'friends', 'user:' || v_row.user_low::text, true);
  perform realtime.send('{}'::jsonb, 'friends', 'user:' || v_row.user_high::text, true);
  return null;
end $$;
revoke execute on function app_private.friendships_announce() from public;

create trigger friendships_announce after insert or update or delete on app_private.friendships
  for each row execute function app_private.friendships_announce();
