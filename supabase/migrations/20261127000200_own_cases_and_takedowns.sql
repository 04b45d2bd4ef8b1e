-- Moderators do not decide their own cases, and junk cannot bury a real takedown request (issue 26).
--
-- Why (4): a moderator approved their own score (it went to #1), undid another moderator's rejection of
-- it, and dismissed a report on their own message; only creator applications refused this. Now
-- app_private.apply_decision, through which every decision and every undo goes, refuses in words a
-- decision on one's own score, on a report of one's own message, on a takedown request one filed, as on
-- one's own creator application: another moderator decides.
--
-- Why (5): 300 junk requests in one anonymous POST pushed a real one off the desk's page of 50. Each
-- request now keeps who sent it (the account when signed in; the device where the embedded backend
-- knows it), and app_private.takedown_requests_guard holds every insert to: one request per insert;
-- 5 an hour per device and per account; 3 waiting per e-mail address, each page once while it waits.
-- The desk takes each sender's oldest waiting request before any sender's second (a sender: the device,
-- else the account, else the e-mail address), so a flood that passes the limits (fresh addresses from
-- hosted Supabase, where no device is known) fills only the places after every other sender's first.

alter table public.takedown_requests
  add column requested_by uuid default auth.uid(),
  add column device text default nullif(btrim(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-device-address'), '');
create index takedown_requests_open_idx on public.takedown_requests (created_at, id) where resolved_at is null;
create index takedown_requests_device_idx on public.takedown_requests (device, created_at) where device is not null;
create index takedown_requests_requested_by_idx on public.takedown_requests (requested_by, created_at) where requested_by is not null;
create index takedown_requests_open_email_idx on public.takedown_requests (lower(email)) where resolved_at is null;

create or replace function app_private.takedown_requests_guard() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  v_row record;
begin
  if coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '') not in ('anon', 'authenticated') then
    return null;
  end if;
  if (select count(*) from filed) > 1 then
    raise exception 'Send one request at a time.' using errcode = 'P0001';
  end if;
  select * into v_row from filed;
  if not found then
    return null;
  end if;
  if v_row.device is not null then
    perform pg_advisory_xact_lock(hashtext('takedown_device:' || v_row.device));
    if (select count(*) from public.takedown_requests t
        where t.device = v_row.device and t.created_at > now() - interval '1 hour') > 5 then
      raise exception 'This device sent 5 requests in the last hour. Wait an hour before sending another.' using errcode = 'P0001';
    end if;
  end if;
  if v_row.requested_by is not null then
    perform pg_advisory_xact_lock(hashtext('takedown_account:' || v_row.requested_by::text));
    if (select count(*) from public.takedown_requests t
        where t.requested_by = v_row.requested_by and t.created_at > now() - interval '1 hour') > 5 then
      raise exception 'You sent 5 requests in the last hour. Wait an hour before sending another.' using errcode = 'P0001';
    end if;
  end if;
  perform pg_advisory_xact_lock(hashtext('takedown_email:' || lower(v_row.email)));
  if (select count(*) from public.takedown_requests t
      where lower(t.email) = lower(v_row.email) and t.resolved_at is null and t.url = v_row.url) > 1 then
    raise exception 'That request is already waiting: we will answer it at that address.' using errcode = 'P0001';
  end if;
  if (select count(*) from public.takedown_requests t
      where lower(t.email) = lower(v_row.email) and t.resolved_at is null) > 3 then
    raise exception 'That address has 3 requests waiting already. We answer them first; write again once we have.' using errcode = 'P0001';
  end if;
  return null;
end $$;
revoke execute on function app_private.takedown_requests_guard() from public;

create trigger takedown_requests_guard after insert on public.takedown_requests
  referencing new table as filed
  for each statement execute function app_private.takedown_requests_guard();

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

  else
    raise exception 'Unknown decision % on %.', p_action, p_subject using errcode = '22023';
  end if;

  insert into public.moderation_decisions (moderator_id, subject, subject_id, action, reason, undoes)
    values (p_moderator, p_subject, p_subject_id, p_action, v_reason, p_undoes)
    returning id into v_id;
  return v_id;
end $$;
revoke all on function app_private.apply_decision(uuid, text, bigint, text, text, bigint) from public;

create or replace function public.get_open_takedowns()
returns table (id bigint, name text, email text, url text, reason text, created_at timestamptz)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  return query
    select t.id, t.name, t.email, t.url, t.reason, t.created_at
    from (
      select o.*, row_number() over (
        partition by coalesce('device:' || o.device, 'account:' || o.requested_by::text, 'email:' || lower(o.email))
        order by o.created_at, o.id
      ) as turn
      from public.takedown_requests o
      where o.resolved_at is null
    ) t
    order by t.turn, t.created_at, t.id
    limit 50;
end $$;
revoke execute on function public.get_open_takedowns() from public, anon;
grant execute on function public.get_open_takedowns() to authenticated, service_role;

