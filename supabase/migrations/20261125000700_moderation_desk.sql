-- The moderation desk (issue 20): moderators, reviewed scores, recorded and reversible decisions.
--
-- Why: nobody ever looked at a proof. A 1,000,000,000-point 2048 with 8 bytes of "proof" ranked first,
-- reported chat messages waited for an operator's SQL, and takedown requests could only be read with
-- the service key. Now an operator grants moderators (public.moderators, like creators), who work a
-- desk at /moderate through RPCs that check that table themselves:
-- - scores wait for review ('pending'); top lists rank approved ones and show the one best pending
--   score, marked, only when it would top the list, so a forged record no longer outranks the class;
-- - reported messages are hidden or kept, and every report of the message closes;
-- - takedown requests are marked handled;
-- - every decision is a row of moderation_decisions (who, when, what, why), undone by a later row
--   doing the opposite, never by editing.
-- Submissions filed before the desk existed were already public: they become 'approved', and a
-- moderator can still reject any of them.


create table public.moderators (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_at timestamptz not null default now(),
  granted_by text not null default 'operator'
);

alter table public.moderators enable row level security;

revoke all on table public.moderators from anon, authenticated;
grant select, insert, update, delete on table public.moderators to service_role;
grant select on table public.moderators to authenticated;

create policy "moderators read own row" on public.moderators
  for select to authenticated using (user_id = (select auth.uid()));

create table public.moderation_decisions (
  id bigint generated always as identity primary key,
  -- Null once the moderator's account is deleted: the decision and its reason stay.
  moderator_id uuid references auth.users (id) on delete set null,
  subject text not null,
  subject_id bigint not null,
  action text not null,
  reason text not null,
  created_at timestamptz not null default now(),
  undoes bigint references public.moderation_decisions (id),
  constraint moderation_decisions_subject check (subject in ('score', 'chat_report', 'takedown')),
  constraint moderation_decisions_action check (
    (subject = 'score' and action in ('approve', 'reject'))
    or (subject = 'chat_report' and action in ('hide', 'restore'))
    or (subject = 'takedown' and action in ('resolve', 'reopen'))
  ),
  constraint moderation_decisions_reason_length check (char_length(btrim(reason)) between 1 and 500),
  -- A decision is undone at most once; undoing the undo is a new decision about the subject.
  constraint moderation_decisions_undone_once unique (undoes)
);
create index moderation_decisions_subject_idx on public.moderation_decisions (subject, subject_id, created_at desc);
create index moderation_decisions_recent_idx on public.moderation_decisions (created_at desc);

alter table public.moderation_decisions enable row level security;

revoke all on table public.moderation_decisions from anon, authenticated;
grant select, insert, update, delete on table public.moderation_decisions to service_role;
revoke all on sequence public.moderation_decisions_id_seq from anon, authenticated;

alter table public.leaderboard_submissions
  add column review text not null default 'pending',
  add constraint leaderboard_submissions_review check (review in ('pending', 'approved', 'rejected'));
update public.leaderboard_submissions set review = 'approved';
create index leaderboard_submissions_pending_idx on public.leaderboard_submissions (created_at) where review = 'pending';

alter table public.takedown_requests add column resolved_at timestamptz;
alter table public.chat_reports add column closed_at timestamptz;

create or replace function app_rls.session_is_moderator() returns boolean
language sql stable security definer set search_path = public as $$
  select exists (select 1 from public.moderators m where m.user_id = (select auth.uid())) and app_rls.mfa_satisfied()
$$;
revoke all on function app_rls.session_is_moderator() from public;
grant execute on function app_rls.session_is_moderator() to authenticated;

create policy "moderators read proofs" on storage.objects
  for select to authenticated using (bucket_id = 'submissions' and app_rls.session_is_moderator());

create or replace function app_private.require_moderator() returns uuid
language plpgsql stable set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  if not exists (select 1 from public.moderators m where m.user_id = v_uid) then
    raise exception 'Only a moderator can do this.' using errcode = '42501';
  end if;
  return v_uid;
end $$;
revoke all on function app_private.require_moderator() from public;

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

  else
    raise exception 'Unknown decision % on %.', p_action, p_subject using errcode = '22023';
  end if;

  insert into public.moderation_decisions (moderator_id, subject, subject_id, action, reason, undoes)
    values (p_moderator, p_subject, p_subject_id, p_action, v_reason, p_undoes)
    returning id into v_id;
  return v_id;
end $$;
revoke all on function app_private.apply_decision(uuid, text, bigint, text, text, bigint) from public;

create or replace function public.is_moderator() returns boolean
language sql stable security invoker set search_path = public as $$
  select exists (select 1 from public.moderators m where m.user_id = (select auth.uid()))
$$;
revoke execute on function public.is_moderator() from public, anon;
grant execute on function public.is_moderator() to authenticated, service_role;

create or replace function public.review_score(p_submission_id bigint, p_approve boolean, p_reason text) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_moderator();
begin
  if p_submission_id is null or p_approve is null then
    raise exception 'review_score needs a submission and a verdict.' using errcode = '22023';
  end if;
  return app_private.apply_decision(v_uid, 'score', p_submission_id, case when p_approve then 'approve' else 'reject' end, p_reason);
end $$;
revoke execute on function public.review_score(bigint, boolean, text) from public, anon;
grant execute on function public.review_score(bigint, boolean, text) to authenticated, service_role;

create or replace function public.moderate_chat_report(p_report_id bigint, p_hide boolean, p_reason text) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_moderator();
begin
  if p_report_id is null or p_hide is null then
    raise exception 'moderate_chat_report needs a report and a verdict.' using errcode = '22023';
  end if;
  return app_private.apply_decision(v_uid, 'chat_report', p_report_id, case when p_hide then 'hide' else 'restore' end, p_reason);
end $$;
revoke execute on function public.moderate_chat_report(bigint, boolean, text) from public, anon;
grant execute on function public.moderate_chat_report(bigint, boolean, text) to authenticated, service_role;

create or replace function public.resolve_takedown(p_id bigint, p_reason text) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_moderator();
begin
  if p_id is null then
    raise exception 'resolve_takedown needs a request.' using errcode = '22023';
  end if;
  return app_private.apply_decision(v_uid, 'takedown', p_id, 'resolve', p_reason);
end $$;
revoke execute on function public.resolve_takedown(bigint, text) from public, anon;
grant execute on function public.resolve_takedown(bigint, text) to authenticated, service_role;

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
      when 'resolve' then 'reopen' else 'resolve'
    end,
    p_reason, v_decision.id);
end $$;
revoke execute on function public.undo_moderation_decision(bigint, text) from public, anon;
grant execute on function public.undo_moderation_decision(bigint, text) to authenticated, service_role;

create or replace function public.get_pending_scores()
returns table (
  submission_id bigint, app_id text, app_title text, user_id uuid, username text,
  score bigint, max_score bigint, created_at timestamptz, proof text
)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  return query
    select s.id, s.app_id, a.title, s.user_id, m.username, s.score, r.max_score, s.created_at, o.name
    from public.leaderboard_submissions s
    join public.apps a on a.id = s.app_id
    join public.my_users m on m.user_id = s.user_id
    left join app_private.score_rules r on r.app_id = s.app_id
    join lateral (
      select o.name from storage.objects o
      where o.bucket_id = 'submissions' and split_part(o.name, '_', 1) = s.id::text
      order by o.created_at limit 1
    ) o on true
    where s.review = 'pending'
    order by s.created_at, s.id
    limit 50;
end $$;
revoke execute on function public.get_pending_scores() from public, anon;
grant execute on function public.get_pending_scores() to authenticated, service_role;

create or replace function public.get_open_chat_reports()
returns table (
  report_id bigint, message_id bigint, body text, author_id uuid, author_username text,
  hidden boolean, deleted boolean, reporter_username text, reason text, reported_at timestamptz
)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  return query
    select r.id, r.message_id, coalesce(c.body, r.message_body), r.message_author, author.username,
      coalesce(c.hidden, false), c.id is null, reporter.username, r.reason, r.created_at
    from public.chat_reports r
    left join public.chat_messages c on c.id = r.message_id
    left join public.my_users author on author.user_id = r.message_author
    left join public.my_users reporter on reporter.user_id = r.reporter_id
    where r.closed_at is null
    order by r.created_at, r.id
    limit 50;
end $$;
revoke execute on function public.get_open_chat_reports() from public, anon;
grant execute on function public.get_open_chat_reports() to authenticated, service_role;

create or replace function public.get_open_takedowns()
returns table (id bigint, name text, email text, url text, reason text, created_at timestamptz)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  return query
    select t.id, t.name, t.email, t.url, t.reason, t.created_at
    from public.takedown_requests t
    where t.resolved_at is null
    order by t.created_at, t.id
    limit 50;
end $$;
revoke execute on function public.get_open_takedowns() from public, anon;
grant execute on function public.get_open_takedowns() to authenticated, service_role;

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

-- Both gain a column: a function's result type cannot change in place.
drop function public.get_app_high_scores(text);
create or replace function public.get_app_high_scores(p_app_id text)
returns table (user_id uuid, username text, icon text, score bigint, submission_id bigint, created_at timestamptz, reviewed boolean)
language sql stable security definer set search_path = public as $$
  with best as (
    select distinct on (s.user_id) s.user_id, s.score, s.id, s.created_at
    from public.leaderboard_submissions s
    where s.app_id = p_app_id and s.review = 'approved' and app_private.has_proof(s.id)
    order by s.user_id, s.score desc, s.created_at
  ), waiting as (
    select s.user_id, s.score, s.id, s.created_at
    from public.leaderboard_submissions s
    where s.app_id = p_app_id and s.review = 'pending' and app_private.has_proof(s.id)
      and s.score > coalesce((select max(b.score) from best b), -1)
    order by s.score desc, s.created_at
    limit 1
  )
  select r.user_id, m.username, m.icon, r.score, r.id, r.created_at, r.reviewed
  from (
    select b.*, true as reviewed from best b
    union all
    select w.*, false from waiting w
  ) r
  join public.my_users m on m.user_id = r.user_id
  order by r.score desc, r.created_at, m.username
$$;
revoke execute on function public.get_app_high_scores(text) from public;
grant execute on function public.get_app_high_scores(text) to anon, authenticated, service_role;

drop function public.get_own_scores(text);
create or replace function public.get_own_scores(p_app_id text)
returns table (id bigint, score bigint, created_at timestamptz, proof text, review text)
language sql stable security definer set search_path = public as $$
  select s.id, s.score, s.created_at,
    (select o.name from storage.objects o
      where o.bucket_id = 'submissions' and split_part(o.name, '_', 1) = s.id::text
      order by o.created_at limit 1),
    s.review
  from public.leaderboard_submissions s
  where s.user_id = app_private.require_uid() and s.app_id = p_app_id
  order by s.score desc, s.created_at
$$;
revoke execute on function public.get_own_scores(text) from public, anon;
grant execute on function public.get_own_scores(text) to authenticated, service_role;
