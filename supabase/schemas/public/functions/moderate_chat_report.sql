-- The moderation desk decides on a reported chat message (issue 20): hide it for everyone but its
-- author, or keep it shown (the report was unfounded). Either closes every open report of the message.
-- Recorded and reversible (undo_moderation_decision).

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
