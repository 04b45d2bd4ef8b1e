-- The one place an achievement is given (issue 29): by public.unlock_achievement for a game's, by the
-- triggers of the portal's own. Once per student: a second grant pays nothing and says so. The reward
-- goes through the ledger (app_private.reward, with its streak bonus) and the amount paid is kept for a
-- revoke; the count behind the unlock rate goes up by one.
--   returns { "unlock_id", "reward": Dabloons paid now, "already": whether it was held before }

create or replace function app_private.grant_achievement(p_uid uuid, p_achievement_id bigint, p_run_id uuid) returns jsonb
language plpgsql set search_path = public as $$
declare
  v_achievement public.achievements;
  v_id bigint;
  v_paid integer := 0;
begin
  select * into strict v_achievement from public.achievements where id = p_achievement_id;
  insert into public.achievement_unlocks (user_id, achievement_id, run_id)
  values (p_uid, p_achievement_id, p_run_id)
  on conflict (user_id, achievement_id) do nothing
  returning id into v_id;
  if v_id is null then
    select u.id into v_id from public.achievement_unlocks u where u.user_id = p_uid and u.achievement_id = p_achievement_id;
    return jsonb_build_object('unlock_id', v_id, 'reward', 0, 'already', true);
  end if;
  if v_achievement.reward > 0 then
    v_paid := app_private.reward(p_uid, v_achievement.reward, 'Achievement: ' || v_achievement.title);
    update public.achievement_unlocks set reward = v_paid where id = v_id;
  end if;
  insert into app_private.achievement_counts as c (achievement_id, unlocks) values (p_achievement_id, 1)
  on conflict (achievement_id) do update set unlocks = c.unlocks + 1;
  return jsonb_build_object('unlock_id', v_id, 'reward', v_paid, 'already', false);
end $$;
revoke all on function app_private.grant_achievement(uuid, bigint, uuid) from public;
