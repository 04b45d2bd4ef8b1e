-- Undoes a decision of the desk (issue 20) by a new decision doing the opposite, naming the one it
-- undoes; both stay on record. Only the latest decision on its subject can be undone (an older one
-- was already overtaken), and each only once. A granted or declined creator application goes back to
-- the queue; undoing that reopening grants or declines it again. A two-player game a moderator ended
-- stays ended (issue 28): its position and clocks are gone by then, and its players may start anew;
-- a removed invite link stays removed (a link shared where it should not be must not come back), and
-- its student may make a new one; an achievement taken back stays so (issue 29): its unlock is kept,
-- revoked, so that it is never earned or paid again, and the desk has no way to pay it back.

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
