-- The one place a moderation decision takes effect and is recorded (issue 20), for the desk's RPCs and
-- for undoing a decision. It takes the subject's lock first, so two moderators deciding at once are
-- served one after the other, and the second is told the first already decided. A subject already in
-- the state asked for is refused with words for the moderator: nothing changes, nothing is recorded.
--   score        approve | reject   the submission's review (top lists rank approved scores)
--   chat_report  hide | restore     the reported message's visibility (if its author has not deleted
--                                   it), and every open report of that message is closed
--   takedown     resolve | reopen   the request's resolved_at
--   creator_application  grant | decline | reopen
--                                   the application's status; a grant adds the student's creators row
--                                   (naming the application and the moderator), and reopening puts the
--                                   application back in the queue, removing that row if a grant wrote
--                                   it.
--   match        end                 a two-player game being played, or an invite, stops as it is
--                                   (status ended, no result for either player), and its open reports
--                                   close; for a game already over, only its open reports close. Final:
--                                   undo_moderation_decision refuses to undo it (issue 28).
--   friend_invite  remove           an invite link that still works stops working (no uses left), as
--                                   if its student had cancelled it. Final like ending a game: its
--                                   student may make a new one (issue 28).
-- Nobody decides on their own case (issue 26: a moderator approved their own score onto #1, undid
-- another moderator's rejection of it, and dismissed a report on their own message): not on their own
-- score, a report of their own message, a takedown request they filed, their own creator
-- application, a game they play in, or their own invite link. Undoing goes through here too, so it
-- is refused alike; another moderator decides.

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
