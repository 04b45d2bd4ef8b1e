-- Turns on or off whether this student's friends see when they are online (issue 28); off until the
-- student turns it on (app_private.presence says why). Turning it off forgets when they were last
-- seen and what they played, so nothing of it stays visible. Answers the new setting.

create or replace function public.set_presence_sharing(p_on boolean) returns boolean
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  if p_on is null then
    raise exception 'Say whether your friends may see when you are online.' using errcode = '22023';
  end if;
  insert into app_private.presence (user_id, sharing) values (v_uid, p_on)
  on conflict (user_id) do update set sharing = excluded.sharing,
    seen_at = case when excluded.sharing then app_private.presence.seen_at end,
    app_id = case when excluded.sharing then app_private.presence.app_id end;
  return p_on;
end $$;
revoke execute on function public.set_presence_sharing(boolean) from public, anon;
grant execute on function public.set_presence_sharing(boolean) to authenticated, service_role;
