-- The moderation desk approves or rejects a score's proof (issue 20). Top lists rank approved scores;
-- a rejected one leaves them. Recorded and reversible (undo_moderation_decision).

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
