-- A moderator takes an unlock back (issue 29) with a reason on record (moderation_decisions), and its
-- reward back through the ledger: the amount the unlock paid, streak bonus included. Nobody decides on
-- their own case, as for scores (app_private.apply_decision). The unlock stays, revoked, so the same
-- achievement cannot be earned and paid again.

create or replace function public.revoke_achievement(p_unlock_id bigint, p_reason text) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_moderator();
  v_unlock public.achievement_unlocks;
  v_title text;
  v_id bigint;
begin
  if p_reason is null or char_length(btrim(p_reason)) not between 1 and 500 then
    raise exception 'Say why, in 1 to 500 characters.' using errcode = '22023';
  end if;
  select * into v_unlock from public.achievement_unlocks u where u.id = p_unlock_id for update;
  if not found then
    raise exception 'No such unlock.' using errcode = 'P0002';
  end if;
  if v_unlock.user_id = v_uid then
    raise exception 'You cannot decide on your own achievement: another moderator will.' using errcode = 'P0001';
  end if;
  if v_unlock.revoked_at is not null then
    raise exception 'That achievement was already taken back.' using errcode = 'P0001';
  end if;
  perform app_private.lock_profile(v_unlock.user_id);
  select a.title into v_title from public.achievements a where a.id = v_unlock.achievement_id;
  update public.achievement_unlocks set revoked_at = now(), revoked_by = v_uid where id = v_unlock.id;
  if v_unlock.reward > 0 then
    insert into public.coins_transactions (user_id, amt, why)
    values (v_unlock.user_id, -v_unlock.reward, left('Achievement taken back: ' || v_title, 200));
  end if;
  update app_private.achievement_counts set unlocks = unlocks - 1 where achievement_id = v_unlock.achievement_id;
  insert into public.moderation_decisions (moderator_id, subject, subject_id, action, reason)
  values (v_uid, 'achievement', v_unlock.id, 'revoke', btrim(p_reason))
  returning id into v_id;
  return v_id;
end $$;
revoke execute on function public.revoke_achievement(bigint, text) from public, anon;
grant execute on function public.revoke_achievement(bigint, text) to authenticated, service_role;
