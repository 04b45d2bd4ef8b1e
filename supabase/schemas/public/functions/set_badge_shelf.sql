-- The badge shelf (issue 29): a student picks up to 3 of their unlocked achievements to show on their
-- profile, in order; an empty list clears it. Only their own unlocks that a moderator has not taken
-- back. Online only: a choice of what to show, not play, so nothing is queued.

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
