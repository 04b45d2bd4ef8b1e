-- Creator applications, granted at the moderation desk (issue 20).
--
-- Why: creator status was a row only an operator could insert with SQL, and a student who opened the
-- creator tools was told to ask their teacher, who had to find an operator. Now a student applies from
-- the creator page (what they want to make, and their channel if they have one); moderators grant or
-- decline at /moderate with a reason, through app_private.apply_decision like every other decision of
-- the desk, so each is recorded (who, when, why) and can be undone. The student reads a decline's reason.
-- - A grant writes the creators row with granted_by 'moderator <username>' and the application's id
--   (creators.application_id); undoing it deletes that row only, never one an operator wrote, and puts
--   the application back in the queue. Undoing a decline puts it back too.
-- - Nobody decides on their own application: a moderator who applies waits for another moderator.
-- Limits, enforced in the database (app_private.creator_application_refusal):
-- - one application waits at a time (also a unique index, whoever writes the table);
-- - after a decline, 7 days before the next: a decline's reason asks for something that takes days
--   (a first video, a word with a teacher), and a week keeps a declined pitch from coming back daily;
-- - 3 applications in any 30 days, withdrawn ones included: enough to apply, withdraw once to fix a
--   mistake and apply again after a decline's week, while one student can put at most 3 pitches a
--   month in front of the moderators, however often they apply and withdraw.
-- Applications are rows nobody deletes, so the limits count what was sent, not what is left.


create table public.creator_applications (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- What the student wants to make, trimmed, as the moderator reads it.
  pitch text not null,
  -- The channel the student makes videos on, if any, by the rules of creator_socials.
  platform text,
  handle text,
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  -- When it stopped waiting (granted, declined or withdrawn); null while it waits.
  closed_at timestamptz,
  constraint creator_applications_pitch_length check (char_length(pitch) between 1 and 500),
  constraint creator_applications_status check (status in ('pending', 'granted', 'declined', 'withdrawn')),
  constraint creator_applications_closed check ((status = 'pending') = (closed_at is null)),
  constraint creator_applications_channel_whole check ((platform is null) = (handle is null)),
  constraint creator_applications_platform check (platform in ('youtube', 'tiktok', 'twitch', 'instagram', 'x', 'other')),
  constraint creator_applications_handle_format check (char_length(handle) between 1 and 100 and handle ~ '^[A-Za-z0-9_.-]+$')
);
-- One application waiting per student, whoever writes it.
create unique index creator_applications_one_waiting on public.creator_applications (user_id) where status = 'pending';
create index creator_applications_user_idx on public.creator_applications (user_id, created_at desc);
create index creator_applications_waiting_idx on public.creator_applications (created_at) where status = 'pending';

alter table public.creator_applications enable row level security;

revoke all on table public.creator_applications from anon, authenticated;
grant select, insert, update, delete on table public.creator_applications to service_role;
revoke all on sequence public.creator_applications_id_seq from anon, authenticated;
grant select on table public.creator_applications to authenticated;

create policy "students read own creator applications" on public.creator_applications
  for select to authenticated using (user_id = (select auth.uid()));

-- Filled only by a grant at the desk; null for a creator an operator made.
alter table public.creators
  add column application_id bigint references public.creator_applications (id) on delete set null,
  add constraint creators_application_once unique (application_id);

alter table public.moderation_decisions
  drop constraint moderation_decisions_subject,
  drop constraint moderation_decisions_action,
  add constraint moderation_decisions_subject check (subject in ('score', 'chat_report', 'takedown', 'creator_application')),
  add constraint moderation_decisions_action check (
    (subject = 'score' and action in ('approve', 'reject'))
    or (subject = 'chat_report' and action in ('hide', 'restore'))
    or (subject = 'takedown' and action in ('resolve', 'reopen'))
    or (subject = 'creator_application' and action in ('grant', 'decline', 'reopen'))
  );

create or replace function app_private.creator_application_refusal(p_uid uuid) returns text
language plpgsql stable set search_path = public as $$
declare
  v_until timestamptz;
  v_hours integer;
  v_why text;
begin
  if exists (select 1 from public.creators c where c.user_id = p_uid) then
    return 'You are already a creator: your tools are on the creator page.';
  end if;
  if exists (select 1 from public.creator_applications a where a.user_id = p_uid and a.status = 'pending') then
    return 'Your application is already waiting for a moderator. Withdraw it first to send a new one.';
  end if;
  select max(a.closed_at) + interval '7 days' into v_until
    from public.creator_applications a where a.user_id = p_uid and a.status = 'declined';
  if v_until > now() then
    v_why := 'A moderator declined your last application.';
  else
    -- The third newest within the window: once it is 30 days old, fewer than 3 remain.
    select a.created_at + interval '30 days' into v_until
      from public.creator_applications a
      where a.user_id = p_uid and a.created_at > now() - interval '30 days'
      order by a.created_at desc, a.id desc
      offset 2 limit 1;
    if v_until is null then
      return null;
    end if;
    v_why := 'You sent 3 applications in the last 30 days.';
  end if;
  v_hours := ceil(extract(epoch from v_until - now()) / 3600)::integer;
  return format('%s You can apply again in %s.', v_why,
    case when v_hours > 36 then ceil(v_hours / 24.0)::integer || ' days' when v_hours > 1 then v_hours || ' hours' else 'an hour' end);
end $$;
revoke all on function app_private.creator_application_refusal(uuid) from public;

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
  v_id bigint;
begin
  -- One decision about a subject at a time (undo_moderation_decision takes the same lock).
  perform pg_advisory_xact_lock(hashtext('moderation:' || p_subject || ':' || p_subject_id));
  if char_length(v_reason) not between 1 and 500 then
    raise exception 'Say why in a few words (at most 500 characters): every decision keeps its reason.' using errcode = 'P0001';
  end if;

  if p_subject = 'score' and p_action in ('approve', 'reject') then
    select review into v_review from public.leaderboard_submissions where id = p_subject_id for update;
    if not found then
      raise exception 'That score is gone: its student withdrew it.' using errcode = 'P0001';
    end if;
    if v_review = (case p_action when 'approve' then 'approved' else 'rejected' end) then
      raise exception 'That score is already %.', v_review using errcode = 'P0001';
    end if;
    update public.leaderboard_submissions
      set review = case p_action when 'approve' then 'approved' else 'rejected' end
      where id = p_subject_id;

  elsif p_subject = 'chat_report' and p_action in ('hide', 'restore') then
    select message_id, closed_at into v_message, v_closed from public.chat_reports where id = p_subject_id for update;
    if not found then
      raise exception 'That report is gone.' using errcode = 'P0001';
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
    select resolved_at into v_resolved from public.takedown_requests where id = p_subject_id for update;
    if not found then
      raise exception 'That request is gone.' using errcode = 'P0001';
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

create or replace function public.submit_creator_application(p_pitch text, p_platform text default null, p_handle text default null)
returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_pitch text := app_private.trim_white_space(coalesce(p_pitch, ''));
  v_platform text := nullif(app_private.trim_white_space(coalesce(p_platform, '')), '');
  v_handle text := nullif(ltrim(app_private.trim_white_space(coalesce(p_handle, '')), '@'), '');
  v_refusal text;
  v_id bigint;
begin
  if v_pitch = '' or app_private.text_problem(v_pitch) = 'blank' then
    raise exception 'Say in a few words what you want to make.' using errcode = '22023';
  end if;
  if app_private.text_problem(v_pitch) = 'direction' then
    raise exception 'Your pitch cannot contain text-direction controls.' using errcode = '22023';
  end if;
  if char_length(v_pitch) > 500 then
    raise exception 'Your pitch can be at most 500 characters.' using errcode = '22023';
  end if;
  if v_handle is not null and v_platform is null
    or v_platform not in ('youtube', 'tiktok', 'twitch', 'instagram', 'x', 'other') then
    raise exception 'Choose the platform of your channel: YouTube, TikTok, Twitch, Instagram, X or Other.' using errcode = '22023';
  end if;
  if v_platform is not null and v_handle is null then
    raise exception 'Enter your channel''s handle, or choose no channel.' using errcode = '22023';
  end if;
  if char_length(v_handle) > 100 or v_handle !~ '^[A-Za-z0-9_.-]+$' then
    raise exception 'A handle is up to 100 letters, digits, _ . or - (leave out the @ and the web address).' using errcode = '22023';
  end if;
  -- A second tab or a double click waits here, then meets the application the first one sent.
  perform app_private.lock_profile(v_uid);
  v_refusal := app_private.creator_application_refusal(v_uid);
  if v_refusal is not null then
    raise exception '%', v_refusal using errcode = 'P0001';
  end if;
  insert into public.creator_applications (user_id, pitch, platform, handle)
    values (v_uid, v_pitch, v_platform, v_handle)
    returning id into v_id;
  return v_id;
end $$;
revoke execute on function public.submit_creator_application(text, text, text) from public, anon;
grant execute on function public.submit_creator_application(text, text, text) to authenticated, service_role;

create or replace function public.withdraw_creator_application() returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_id bigint;
begin
  select a.id into v_id from public.creator_applications a where a.user_id = v_uid and a.status = 'pending';
  if v_id is not null then
    -- The lock a moderator's decision on it takes: a decision and a withdrawal never cross.
    perform pg_advisory_xact_lock(hashtext('moderation:creator_application:' || v_id));
    update public.creator_applications set status = 'withdrawn', closed_at = now() where id = v_id and status = 'pending';
    if found then
      return v_id;
    end if;
  end if;
  raise exception 'You have no application waiting: a moderator may have just decided on it.' using errcode = 'P0001';
end $$;
revoke execute on function public.withdraw_creator_application() from public, anon;
grant execute on function public.withdraw_creator_application() to authenticated, service_role;

create or replace function public.get_own_creator_application()
returns table (
  id bigint, pitch text, platform text, handle text, status text, created_at timestamptz,
  closed_at timestamptz, reason text, refusal text
)
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  return query
    select a.id, a.pitch, a.platform, a.handle, a.status, a.created_at, a.closed_at,
      case when a.status = 'declined' then (
        select d.reason from public.moderation_decisions d
        where d.subject = 'creator_application' and d.subject_id = a.id
        order by d.id desc limit 1)
      end,
      app_private.creator_application_refusal(v_uid)
    from public.creator_applications a
    where a.user_id = v_uid
    order by a.created_at desc, a.id desc
    limit 1;
end $$;
revoke execute on function public.get_own_creator_application() from public, anon;
grant execute on function public.get_own_creator_application() to authenticated, service_role;

create or replace function public.get_open_creator_applications()
returns table (
  application_id bigint, user_id uuid, username text, joined_at timestamptz, pitch text,
  platform text, handle text, applied_at timestamptz
)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  return query
    select a.id, a.user_id, m.username, m.created_at, a.pitch, a.platform, a.handle, a.created_at
    from public.creator_applications a
    left join public.my_users m on m.user_id = a.user_id
    where a.status = 'pending'
    order by a.created_at, a.id
    limit 50;
end $$;
revoke execute on function public.get_open_creator_applications() from public, anon;
grant execute on function public.get_open_creator_applications() to authenticated, service_role;

create or replace function public.decide_creator_application(p_application_id bigint, p_grant boolean, p_reason text) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_moderator();
begin
  if p_application_id is null or p_grant is null then
    raise exception 'decide_creator_application needs an application and a verdict.' using errcode = '22023';
  end if;
  return app_private.apply_decision(v_uid, 'creator_application', p_application_id, case when p_grant then 'grant' else 'decline' end, p_reason);
end $$;
revoke execute on function public.decide_creator_application(bigint, boolean, text) from public, anon;
grant execute on function public.decide_creator_application(bigint, boolean, text) to authenticated, service_role;

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
        else coalesce((select t.url from public.takedown_requests t where t.id = d.subject_id), 'a removed request')
      end,
      d.action, d.reason, d.created_at, d.undoes,
      not exists (select 1 from public.moderation_decisions later
        where later.subject = d.subject and later.subject_id = d.subject_id and later.id > d.id)
    from public.moderation_decisions d
    left join public.my_users m on m.user_id = d.moderator_id
    order by d.id desc
    limit p_limit;
end $$;
revoke execute on function public.get_moderation_decisions(integer) from public, anon;
grant execute on function public.get_moderation_decisions(integer) to authenticated, service_role;
