-- How many two-player games a student has going (issue 28): being played, or invites they sent that
-- wait for an answer. Invites they received do not count: nobody can fill a classmate's count by
-- inviting them. At most 20 (app_private.match_invite_refusal, public.answer_match_invite).

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
