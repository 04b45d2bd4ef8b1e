-- A per-student quota for proof images (issue 20): 20 MiB in all.
--
-- Why: one proof per submission at 2 MiB each still let a student keep 10 submissions per game, in
-- every game an operator adds, so nothing bounded a student's storage. Now the storage insert policy
-- refuses an upload that would pass 20 MiB, and the submission guard refuses a new score once the
-- quota is reached, telling the student to withdraw an old one, before a proof could fail to store.
-- Operators (no signed-in user) are not held to it.


create or replace function app_rls.proof_quota_bytes() returns bigint
language sql immutable set search_path = public as $$
  select 20971520::bigint
$$;
revoke all on function app_rls.proof_quota_bytes() from public;
grant execute on function app_rls.proof_quota_bytes() to authenticated;

create or replace function app_rls.proof_bytes_stored() returns bigint
language sql stable security definer set search_path = public as $$
  select coalesce(sum(coalesce((o.metadata ->> 'size')::bigint, 0)), 0)::bigint
  from storage.objects o
  join public.leaderboard_submissions s on s.id::text = split_part(o.name, '_', 1)
  where o.bucket_id = 'submissions' and s.user_id = (select auth.uid())
$$;
revoke all on function app_rls.proof_bytes_stored() from public;
grant execute on function app_rls.proof_bytes_stored() to authenticated;

create or replace function app_private.leaderboard_submissions_guard() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  v_title text;
  v_max bigint;
  v_recent integer;
  v_today integer;
  v_kept integer;
  v_lowest bigint;
begin
  select a.title, r.max_score into v_title, v_max
  from public.apps a left join app_private.score_rules r on r.app_id = a.id
  where a.id = new.app_id;
  if v_max is not null and new.score > v_max then
    raise exception 'No game of % can score %: the most one game can reach is %.',
      v_title, to_char(new.score, 'FM999,999,999,990'), to_char(v_max, 'FM999,999,999,990')
      using errcode = 'P0001';
  end if;
  -- Two tabs of one student sending at once must not both slip under the limits.
  perform pg_advisory_xact_lock(hashtext('score_rate:' || new.user_id::text || ':' || new.app_id));
  delete from app_private.score_submissions_log l
  where l.user_id = new.user_id and l.app_id = new.app_id and l.sent_at <= now() - interval '1 day';
  select count(*) filter (where l.sent_at > now() - interval '10 minutes'), count(*)
    into v_recent, v_today
  from app_private.score_submissions_log l
  where l.user_id = new.user_id and l.app_id = new.app_id;
  if v_recent >= 5 then
    raise exception 'You sent 5 scores for % in the last 10 minutes. Wait a few minutes before sending another.', v_title
      using errcode = 'P0001';
  end if;
  if v_today >= 20 then
    raise exception 'You sent 20 scores for % today. Send your next one tomorrow.', v_title
      using errcode = 'P0001';
  end if;
  select count(*), min(s.score) into v_kept, v_lowest
  from public.leaderboard_submissions s
  where s.user_id = new.user_id and s.app_id = new.app_id;
  if v_kept >= 10 then
    raise exception 'You already have 10 scores for % on the board. Withdraw one (your lowest is %) to send another.',
      v_title, to_char(v_lowest, 'FM999,999,999,990')
      using errcode = 'P0001';
  end if;
  if app_rls.proof_bytes_stored() >= app_rls.proof_quota_bytes() then
    raise exception 'Your score screenshots take up % MiB, the most one student keeps. Withdraw an old score on its game''s page to send a new one.',
      app_rls.proof_quota_bytes() / 1048576
      using errcode = 'P0001';
  end if;
  insert into app_private.score_submissions_log (user_id, app_id) values (new.user_id, new.app_id);
  return new;
end $$;
revoke execute on function app_private.leaderboard_submissions_guard() from public;

drop policy "submission owner uploads its proof" on storage.objects;
create policy "submission owner uploads its proof" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'submissions'
    and name ~ '^[0-9]+_[^/]+$'
    and exists (
      select 1 from public.leaderboard_submissions s
      where s.id::text = split_part(name, '_', 1) and s.user_id = (select auth.uid())
    )
    and not app_rls.proof_stored(split_part(name, '_', 1))
    and app_rls.proof_bytes_stored() + coalesce((metadata ->> 'size')::bigint, 0) <= app_rls.proof_quota_bytes()
  );
