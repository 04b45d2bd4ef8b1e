-- The desk's side of achievements (issue 29): a moderator could take an unlock back only through the
-- API, knowing its id, and the record then misnamed the decision.
-- - get_student_achievements: a student's unlocks found by username, for the desk's new section.
-- - get_moderation_decisions: a revoke read "a removed request" (the takedown branch was the default
--   of its case) and offered an Undo; it now names the student, the achievement and its game, and is
--   final, like an ended game or a removed invite link.
-- - undo_moderation_decision: undoing a revoke failed with "Unknown decision <NULL> on achievement."; it
--   is now refused with words.

create or replace function public.get_student_achievements(p_username text)
returns table (
  unlock_id bigint, username text, app_id text, game_title text, title text, points integer, reward integer,
  unlocked_at timestamptz, revoked_at timestamptz
)
language plpgsql stable security definer set search_path = public as $$
declare
  v_owner uuid;
  v_username text;
begin
  perform app_private.require_moderator();
  select m.user_id, m.username into v_owner, v_username
  from public.my_users m where lower(m.username) = lower(btrim(coalesce(p_username, '')));
  if v_owner is null then
    raise exception 'No student is called %.', btrim(coalesce(p_username, '')) using errcode = 'P0001';
  end if;
  return query
    select u.id, v_username, a.app_id, coalesce(g.title, 'the portal'), a.title, a.points, u.reward, u.unlocked_at, u.revoked_at
    from public.achievement_unlocks u
    join public.achievements a on a.id = u.achievement_id
    left join public.apps g on g.id = a.app_id
    where u.user_id = v_owner
    order by u.unlocked_at desc, u.id desc;
end $$;
revoke execute on function public.get_student_achievements(text) from public, anon;
grant execute on function public.get_student_achievements(text) to authenticated, service_role;

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
        when 'friend_invite' then coalesce((
          select coalesce(u.username, 'someone') || '''s ' || case when i.for_class then 'class invite link' else 'invite link' end
          from app_private.friend_invites i left join public.my_users u on u.user_id = i.owner
          where i.id = d.subject_id), 'an invite link swept since')
        when 'achievement' then coalesce((
          select coalesce(m2.username, 'someone') || '''s "' || a.title || '" in ' || coalesce(g.title, 'the portal')
          from public.achievement_unlocks u
          join public.achievements a on a.id = u.achievement_id
          left join public.apps g on g.id = a.app_id
          left join public.my_users m2 on m2.user_id = u.user_id
          where u.id = d.subject_id), 'an achievement removed since')
        else coalesce((select t.url from public.takedown_requests t where t.id = d.subject_id), 'a removed request')
      end,
      d.action, d.reason, d.created_at, d.undoes,
      d.subject not in ('match', 'friend_invite', 'achievement') and not exists (select 1 from public.moderation_decisions later
        where later.subject = d.subject and later.subject_id = d.subject_id and later.id > d.id)
    from public.moderation_decisions d
    left join public.my_users m on m.user_id = d.moderator_id
    order by d.id desc
    limit p_limit;
end $$;
revoke execute on function public.get_moderation_decisions(integer) from public, anon;
grant execute on function public.get_moderation_decisions(integer) to authenticated, service_role;

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
  if v_decision.subject = 'friend_invite' then
    raise exception 'A removed invite link stays removed: its student can make a new one.' using errcode = 'P0001';
  end if;
  if v_decision.subject = 'achievement' then
    raise exception 'An achievement taken back stays taken back.' using errcode = 'P0001';
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
