-- The badge shelf (issue 29, part 4): a student shows up to 3 of their unlocked achievements on their
-- profile and public profile. Where each sits is a column of its unlock (1 to 3, one badge a place), set
-- by public.set_badge_shelf; the public profile reads it through public.get_badge_shelf, public fields
-- only, and the student chooses from public.get_my_achievements.

alter table public.achievement_unlocks add column shelf smallint;
alter table public.achievement_unlocks add constraint achievement_unlocks_shelf_range check (shelf between 1 and 3);
create unique index achievement_unlocks_shelf_idx on public.achievement_unlocks (user_id, shelf) where shelf is not null;

create or replace function public.set_badge_shelf(p_unlock_ids bigint[]) returns integer
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_ids bigint[] := coalesce(p_unlock_ids, '{}');
begin
  if cardinality(v_ids) > 3 then
    raise exception 'The shelf holds at most 3 badges.' using errcode = '22023';
  end if;
  if (select count(distinct c.unlock_id) from unnest(v_ids) c(unlock_id)) <> cardinality(v_ids) or array_position(v_ids, null) is not null then
    raise exception 'Each badge goes on the shelf once.' using errcode = '22023';
  end if;
  if exists (
    select 1 from unnest(v_ids) c(unlock_id)
     where not exists (select 1 from public.achievement_unlocks u where u.id = c.unlock_id and u.user_id = v_uid and u.revoked_at is null)
  ) then
    raise exception 'Only achievements you unlocked can go on your shelf.' using errcode = 'P0001';
  end if;
  update public.achievement_unlocks set shelf = null where user_id = v_uid and shelf is not null;
  update public.achievement_unlocks u set shelf = chosen.place
    from unnest(v_ids) with ordinality as chosen(unlock_id, place)
   where u.id = chosen.unlock_id;
  return cardinality(v_ids);
end $$;
revoke execute on function public.set_badge_shelf(bigint[]) from public, anon;
grant execute on function public.set_badge_shelf(bigint[]) to authenticated, service_role;

create or replace function public.get_badge_shelf(p_username text)
returns table (code text, title text, description text, icon text, app_id text, game_title text)
language sql stable security definer set search_path = public as $$
  select a.code, a.title, a.description, a.icon, a.app_id, coalesce(g.title, 'Hollowed')
    from public.public_profiles p
    join public.achievement_unlocks u on u.user_id = p.user_id and u.shelf is not null and u.revoked_at is null
    join public.achievements a on a.id = u.achievement_id
    left join public.apps g on g.id = a.app_id
   where p.username = p_username
   order by u.shelf
$$;
revoke execute on function public.get_badge_shelf(text) from public;
grant execute on function public.get_badge_shelf(text) to anon, authenticated, service_role;

create or replace function public.get_my_achievements()
returns table (unlock_id bigint, code text, title text, icon text, app_id text, game_title text, unlocked_at timestamptz, shelf smallint)
language sql stable security definer set search_path = public as $$
  select u.id, a.code, a.title, a.icon, a.app_id, coalesce(g.title, 'Hollowed'), u.unlocked_at, u.shelf
    from public.achievement_unlocks u
    join public.achievements a on a.id = u.achievement_id
    left join public.apps g on g.id = a.app_id
   where u.user_id = (select auth.uid()) and u.revoked_at is null
   order by u.unlocked_at desc, u.id desc
$$;
revoke execute on function public.get_my_achievements() from public, anon;
grant execute on function public.get_my_achievements() to authenticated, service_role;

