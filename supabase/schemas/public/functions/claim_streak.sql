-- The daily streak claim. Claim window: a claim is possible with no previous claim or when the last
-- one is MORE than 1 day old. The streak continues when the last claim is at most 2 days old, else it
-- restarts at 1. The 100 coins are doubled when the streak was running before this claim.

create or replace function public.claim_streak(p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_old public.streak;
  v_new public.streak;
  v_coins integer;
  v_current integer;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'claim_streak');
  if v_result is not null then
    return v_result;
  end if;
  perform app_private.lock_profile(v_uid);

  select * into v_old from public.streak where user_id = v_uid for update;
  if v_old.last_claim is not null and now() - v_old.last_claim <= interval '1 day' then
    raise exception 'You already claimed your streak today. Come back later!' using errcode = 'P0001';
  end if;

  v_coins := app_private.reward(v_uid, 100, 'streak claim');
  v_current := case
    when v_old.last_claim is not null and now() - v_old.last_claim <= interval '2 days' then v_old.current_streak + 1
    else 1
  end;

  insert into public.streak (user_id, current_streak, longest_streak, last_claim)
  values (v_uid, v_current, v_current, now())
  on conflict (user_id) do update set
    current_streak = excluded.current_streak,
    longest_streak = greatest(public.streak.longest_streak, excluded.current_streak),
    last_claim = excluded.last_claim
  returning * into v_new;

  update public.my_users
  set current_streak = v_new.current_streak, longest_streak = v_new.longest_streak
  where user_id = v_uid;

  v_result := jsonb_build_object(
    'current_streak', v_new.current_streak,
    'longest_streak', v_new.longest_streak,
    'last_claim', v_new.last_claim,
    'coins', v_coins
  );
  return app_private.finish_mutation(v_uid, p_client_id, v_result);
end $$;
revoke execute on function public.claim_streak(uuid) from public, anon;
grant execute on function public.claim_streak(uuid) to authenticated, service_role;
