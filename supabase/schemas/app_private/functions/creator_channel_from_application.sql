-- A creator granted on an application starts with the channel the application named: the student gave
-- it once, and the moderator granted on seeing it. Without this the new creator found an empty
-- "Choose an account" page and had to type the channel again. Undoing the grant deletes the creators
-- row, and its socials with it (on delete cascade).

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
