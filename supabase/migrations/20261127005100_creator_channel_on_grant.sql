-- Carry an application's channel to the grant (issue 27).
--
-- Why: a student who applied for the creator tools with their channel (platform and handle) was
-- granted, then found "Choose an account" empty and had to add the same channel again; the desk had
-- shown the moderator that channel when they granted. A trigger on creators copies it when the row
-- comes from an application, so the grant at the desk (app_private.apply_decision) stays as it is.

create or replace function app_private.creator_channel_from_application() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  insert into public.creator_socials (user_id, platform, handle)
    select new.user_id, a.platform, a.handle
    from public.creator_applications a
    where a.id = new.application_id and a.platform is not null and a.handle is not null
  on conflict (user_id, platform, handle) do nothing;
  return null;
end $$;
revoke all on function app_private.creator_channel_from_application() from public;

create trigger creator_channel_from_application after insert on public.creators
  for each row when (new.application_id is not null) execute function app_private.creator_channel_from_application();
