-- A profile's icon is a default icon or an icon item its owner has unlocked, whichever way it is written.
--
-- update_profile checks that, but my_users.icon is also granted to the API roles (PostgREST's profile
-- upsert repeats every column), so without this trigger a student could skip the RPC and send
-- `PATCH /rest/v1/my_users {"icon": "golden_duck_icon"}` to wear the 30000-Dabloon Golden Duck without
-- buying it. The trigger holds every way in (REST insert, update or upsert, the RPC, an operator's SQL)
-- to the same rule. An update is checked only when it changes the icon, so a profile whose icon
-- predates this rule can still edit its other fields.
-- The other writable profile columns carry no owned cosmetic: username, user_about, where_from and
-- who_from are free text bounded by check constraints, and badges and equipped items are not writable.

create or replace function app_private.my_users_icon_guard() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if tg_op = 'UPDATE' and new.icon is not distinct from old.icon then
    return new;
  end if;
  -- The same test as update_profile: default_* icons are free, any other icon must be owned.
  if new.icon !~ '^default_[a-z0-9_]{1,40}$' and not exists (
    select 1 from public.items_unlocked i where i.user_id = new.user_id and i.item = new.icon and i.type = 'icon'
  ) then
    raise exception 'You do not own that icon.' using errcode = 'P0001';
  end if;
  return new;
end $$;
revoke execute on function app_private.my_users_icon_guard() from public;

create trigger my_users_icon_guard before insert or update of icon on public.my_users
  for each row execute function app_private.my_users_icon_guard();
