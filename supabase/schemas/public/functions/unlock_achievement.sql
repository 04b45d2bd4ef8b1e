-- A game unlocks one of its achievements through the SDK (issue 29), sent by the outbox with a client
-- id. The server decides: only an achievement the game declared, in a run of that game the server saw
-- start or was told of after it was played offline, and that is the student's (app_private.own_game_run),
-- with the student's stat at its threshold where it has one, at most 10 a minute (the most generous bundled game has 5 in all; a burst above
-- that is a script, and PT429 keeps a real one queued for later). Unlocking one held already is not an
-- error and pays nothing; one a moderator took back stays taken.
--   returns { "unlock_id", "reward", "already" } (app_private.grant_achievement)

create or replace function public.unlock_achievement(p_app_id text, p_achievement text, p_run_id uuid, p_client_id uuid)
returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_achievement public.achievements;
  v_unlock public.achievement_unlocks;
  v_result jsonb;
  v_value bigint;
begin
  select * into v_achievement from public.achievements a where a.app_id = p_app_id and a.code = p_achievement;
  if not found then
    raise exception '% declares no achievement "%".', coalesce(p_app_id, 'This game'), coalesce(p_achievement, 'null')
      using errcode = '22023';
  end if;
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'unlock_achievement');
  if v_result is not null then
    return v_result;
  end if;
  perform app_private.lock_profile(v_uid);
  perform app_private.own_game_run(v_uid, p_app_id, p_run_id);
  select * into v_unlock from public.achievement_unlocks u where u.user_id = v_uid and u.achievement_id = v_achievement.id;
  if found and v_unlock.revoked_at is not null then
    raise exception 'A moderator took "%" back, so it cannot be unlocked again.', v_achievement.title using errcode = 'P0001';
  end if;
  if not found then
    if v_achievement.stat is not null then
      select s.value into v_value from app_private.game_stats s
       where s.user_id = v_uid and s.app_id = p_app_id and s.name = v_achievement.stat;
      if coalesce(v_value, 0) < v_achievement.threshold then
        raise exception '"%" needs % of at least %; yours is %.', v_achievement.title, v_achievement.stat,
          v_achievement.threshold, coalesce(v_value, 0)
          using errcode = 'P0001';
      end if;
    end if;
    if (select count(*) from public.achievement_unlocks u
         where u.user_id = v_uid and u.unlocked_at > now() - interval '1 minute' and u.run_id is not null) >= 10 then
      raise exception 'Too many achievements at once: at most 10 a minute. The rest wait on this device and are sent in a moment.'
        using errcode = 'PT429';
    end if;
  end if;
  v_result := app_private.grant_achievement(v_uid, v_achievement.id, p_run_id);
  perform app_private.finish_mutation(v_uid, p_client_id, v_result);
  return v_result;
end $$;
revoke execute on function public.unlock_achievement(text, text, uuid, uuid) from public, anon;
grant execute on function public.unlock_achievement(text, text, uuid, uuid) to authenticated, service_role;
