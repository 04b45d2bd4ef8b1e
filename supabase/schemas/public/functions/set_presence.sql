-- The portal says the student is here (issue 28): sent only while the portal is open and in view,
-- with the game being played or null. Written only while the student shares their presence, and at
-- most every 10 seconds for the same game (more often is answered, not written). Answers whether it
-- was shared. An unknown game is refused with words.

create or replace function public.set_presence(p_app_id text default null) returns boolean
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_presence app_private.presence;
begin
  if p_app_id is not null and not exists (select 1 from public.apps a where a.id = p_app_id and a.retired_at is null) then
    raise exception 'Unknown app: %', p_app_id using errcode = '22023';
  end if;
  select * into v_presence from app_private.presence p where p.user_id = v_uid;
  if not coalesce(v_presence.sharing, false) then
    return false;
  end if;
  if v_presence.seen_at > now() - interval '10 seconds' and v_presence.app_id is not distinct from p_app_id then
    return true;
  end if;
  update app_private.presence p set seen_at = now(), app_id = p_app_id where p.user_id = v_uid;
  return true;
end $$;
revoke execute on function public.set_presence(text) from public, anon;
grant execute on function public.set_presence(text) to authenticated, service_role;
