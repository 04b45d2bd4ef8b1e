-- The student's latest creator application (issue 20), none if they never applied: what they sent,
-- where it stands, the moderator's reason when it was declined (the moderator stays unnamed), and why
-- a new application would be refused now (null when it would not), from the same rules that refuse it.

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
