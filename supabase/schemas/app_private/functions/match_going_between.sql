-- Whether two students have a game of this kind going, or an invite to one waiting (issue 28): one of
-- each kind per pair, however it was started (app_private.match_invite_refusal for an invite or a
-- rematch, public.join_match_link for a link).

create or replace function app_private.match_going_between(p_a uuid, p_b uuid, p_game text) returns boolean
language sql stable set search_path = '' as $$
  select exists (select 1 from app_private.matches m
                 where m.game = p_game
                   and ((m.first_player = p_a and m.second_player = p_b) or (m.first_player = p_b and m.second_player = p_a))
                   and (m.status = 'active' or (m.status = 'invited' and m.deadline > now())))
$$;
revoke all on function app_private.match_going_between(uuid, uuid, text) from public;
