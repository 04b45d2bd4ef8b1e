-- The moderation desk grants a student the creator tools, or declines, saying why (issue 20). The
-- student reads the reason of a decline. Recorded and reversible: undo_moderation_decision puts the
-- application back in the queue (and takes back the creator tools a grant gave).

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
