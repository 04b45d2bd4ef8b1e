-- An operator's game declares its achievements and stats too (issue 29): `npm run catalogue --
-- achievements <file.json>` checks each declaration with src/domain/achievementDeclaration.ts and
-- sends it here with the service role, the only caller. One game's declaration in one transaction:
-- its stats, then its achievements, inserted or updated by id, so unlocks already made stay; a stat an
-- achievement names must be declared. The tables' own checks hold every field; a refusal changes nothing.
--   p_declaration: { "stats": [{ "name", "kind", "maxPerSecond" }], "achievements": [{ "id", "title",
--   "description", "icon", "points", "hidden", "stat": { "name", "threshold" } | absent, "reward" }] }
--   returns the number of achievements the game now declares

create or replace function public.import_achievements(p_app_id text, p_declaration jsonb) returns integer
language plpgsql security definer set search_path = public as $$
declare
  v_stat jsonb;
  v_achievement jsonb;
begin
  if not exists (select 1 from public.apps where id = p_app_id) then
    raise exception 'Unknown app: %', coalesce(p_app_id, 'null') using errcode = '22023';
  end if;
  if jsonb_typeof(p_declaration -> 'stats') is distinct from 'array'
     or jsonb_typeof(p_declaration -> 'achievements') is distinct from 'array' then
    raise exception 'A declaration has "stats" and "achievements", each an array.' using errcode = '22023';
  end if;
  for v_stat in select value from jsonb_array_elements(p_declaration -> 'stats') loop
    insert into app_private.achievement_stats as s (app_id, name, kind, max_per_second)
    values (p_app_id, v_stat ->> 'name', v_stat ->> 'kind', (v_stat ->> 'maxPerSecond')::numeric)
    on conflict (app_id, name) do update set kind = excluded.kind, max_per_second = excluded.max_per_second;
  end loop;
  for v_achievement in select value from jsonb_array_elements(p_declaration -> 'achievements') loop
    if v_achievement -> 'stat' is not null and not exists (
      select 1 from app_private.achievement_stats s where s.app_id = p_app_id and s.name = v_achievement -> 'stat' ->> 'name'
    ) then
      raise exception 'Achievement %: stat % is not declared.', v_achievement ->> 'id', v_achievement -> 'stat' ->> 'name'
        using errcode = '22023';
    end if;
    insert into public.achievements as a (app_id, code, title, description, icon, points, hidden, stat, threshold, reward)
    values (p_app_id, v_achievement ->> 'id', v_achievement ->> 'title', v_achievement ->> 'description', v_achievement ->> 'icon',
      (v_achievement ->> 'points')::integer, coalesce((v_achievement ->> 'hidden')::boolean, false),
      v_achievement -> 'stat' ->> 'name', (v_achievement -> 'stat' ->> 'threshold')::bigint,
      coalesce((v_achievement ->> 'reward')::integer, 0))
    on conflict (app_id, code) do update
      set title = excluded.title, description = excluded.description, icon = excluded.icon, points = excluded.points,
          hidden = excluded.hidden, stat = excluded.stat, threshold = excluded.threshold, reward = excluded.reward;
  end loop;
  return (select count(*) from public.achievements a where a.app_id = p_app_id);
end $$;
revoke execute on function public.import_achievements(text, jsonb) from public, anon, authenticated;
grant execute on function public.import_achievements(text, jsonb) to service_role;
