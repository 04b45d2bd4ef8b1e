-- The moderation desk marks a takedown or account deletion request handled (issue 20), saying how.
-- Recorded and reversible (undo_moderation_decision reopens it).

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
