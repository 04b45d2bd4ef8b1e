-- The moderation desk removes a student's invite link (issue 28).
--
-- Why: a class invite link lets up to 40 students befriend its owner within a day (20261127009000).
-- An abusive student could post one in the class chat, and no one but its owner could stop it: the
-- desk had no way to find a student's open links or to remove one. A moderator now looks a student up
-- by username (public.get_student_friend_invites) and removes a link with a reason
-- (public.remove_friend_invite). The removal is a desk decision like the others, recorded in
-- public.moderation_decisions through app_private.apply_decision, refused to a moderator on their own
-- link, and final like ending a game (undo_moderation_decision refuses it): a link that was shared
-- where it should not be must not come back. The link's code is text, and a decision names its
-- subject by a bigint, so each invite gets an id.

alter table app_private.friend_invites
  add column id bigint generated always as identity,
  add constraint friend_invites_id_key unique (id);

alter table public.moderation_decisions
  drop constraint moderation_decisions_subject,
  drop constraint moderation_decisions_action;
alter table public.moderation_decisions
  add constraint moderation_decisions_subject check (subject in ('score', 'chat_report', 'takedown', 'creator_application', 'match', 'friend_invite')),
  add constraint moderation_decisions_action check (
    (subject = 'score' and action in ('approve', 'reject'))
    or (subject = 'chat_report' and action in ('hide', 'restore'))
    or (subject = 'takedown' and action in ('resolve', 'reopen'))
    or (subject = 'creator_application' and action in ('grant', 'decline', 'reopen'))
    or (subject = 'match' and action = 'end')
    or (subject = 'friend_invite' and action = 'remove')
  );

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
  v_invite app_private.friend_invites;
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

  elsif p_subject = 'friend_invite' and p_action = 'remove' then
    select * into v_invite from app_private.friend_invites i where i.id = p_subject_id for update;
    if v_invite.id is null then
      raise exception 'That invite link is gone: it expired over a day ago, or its student''s account was deleted.' using errcode = 'P0001';
    end if;
    if v_invite.owner = p_moderator then
      raise exception 'You cannot decide on your own invite link: cancel it on your friends page.' using errcode = 'P0001';
    end if;
    if v_invite.uses_left = 0 or v_invite.expires_at <= now() then
      raise exception 'That invite link no longer works: it was used up, cancelled, removed or has expired.' using errcode = 'P0001';
    end if;
    update app_private.friend_invites i set uses_left = 0 where i.id = p_subject_id;

  else
    raise exception 'Unknown decision % on %.', p_action, p_subject using errcode = '22023';
  end if;

  insert into public.moderation_decisions (moderator_id, subject, subject_id, action, reason, undoes)
    values (p_moderator, p_subject, p_subject_id, p_action, v_reason, p_undoes)
    returning id into v_id;
  return v_id;
end $$;
revoke all on function app_private.apply_decision(uuid, text, bigint, text, text, bigint) from public;

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
        when 'friend_invite' then coalesce((
          select coalesce(u.username, 'someone') || '''s ' || case when i.for_class then 'class invite link' else 'invite link' end
          from app_private.friend_invites i left join public.my_users u on u.user_id = i.owner
          where i.id = d.subject_id), 'an invite link swept since')
        else coalesce((select t.url from public.takedown_requests t where t.id = d.subject_id), 'a removed request')
      end,
      d.action, d.reason, d.created_at, d.undoes,
      d.subject not in ('match', 'friend_invite') and not exists (select 1 from public.moderation_decisions later
        where later.subject = d.subject and later.subject_id = d.subject_id and later.id > d.id)
    from public.moderation_decisions d
    left join public.my_users m on m.user_id = d.moderator_id
    order by d.id desc
    limit p_limit;
end $$;
revoke execute on function public.get_moderation_decisions(integer) from public, anon;
grant execute on function public.get_moderation_decisions(integer) to authenticated, service_role;

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
  if v_decision.subject = 'friend_invite' then
    raise exception 'A removed invite link stays removed: its student can make a new one.' using errcode = 'P0001';
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

-- public.get_student_friend_invites

create or replace function public.get_student_friend_invites(p_username text)
returns table (invite_id bigint, username text, code text, for_class boolean, uses_left integer, expires_at timestamptz, created_at timestamptz)
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
    select i.id, v_username, i.code, i.for_class, i.uses_left, i.expires_at, i.created_at
    from app_private.friend_invites i
    where i.owner = v_owner and i.uses_left > 0 and i.expires_at > now()
    order by i.created_at desc, i.id desc;
end $$;
revoke execute on function public.get_student_friend_invites(text) from public, anon;
grant execute on function public.get_student_friend_invites(text) to authenticated, service_role;

-- public.remove_friend_invite

create or replace function public.remove_friend_invite(p_invite_id bigint, p_reason text) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_moderator();
begin
  if p_invite_id is null then
    raise exception 'remove_friend_invite needs an invite link.' using errcode = '22023';
  end if;
  return app_private.apply_decision(v_uid, 'friend_invite', p_invite_id, 'remove', p_reason);
end $$;
revoke execute on function public.remove_friend_invite(bigint, text) from public, anon;
grant execute on function public.remove_friend_invite(bigint, text) to authenticated, service_role;

