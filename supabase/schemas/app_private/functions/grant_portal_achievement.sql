-- The portal's own achievements (issue 29, src/domain/portalAchievements.ts) are granted by the
-- server when their condition happens, through the triggers beside this. Granting one a student holds
-- already changes nothing.

create or replace function app_private.grant_portal_achievement(p_uid uuid, p_code text) returns void
language plpgsql set search_path = public as $$
declare
  v_id bigint;
begin
  select a.id into v_id from public.achievements a where a.app_id is null and a.code = p_code;
  if v_id is not null and p_uid is not null then
    perform app_private.grant_achievement(p_uid, v_id, null);
  end if;
end $$;
revoke all on function app_private.grant_portal_achievement(uuid, text) from public;
