-- Why the student may not send a creator application now, in words for them, or null when they may
-- (issue 20). submit_creator_application refuses with it and get_own_creator_application shows it, so
-- the page and the database tell the same thing. The limits, justified in the migration
-- 20261126000200_creator_applications.sql:
-- - a creator does not apply;
-- - one application waits at a time;
-- - 7 days after a decline before the next application;
-- - 3 applications in any 30 days, withdrawn ones included.

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
