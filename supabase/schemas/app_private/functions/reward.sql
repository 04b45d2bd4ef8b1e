-- A reward: positive gains are doubled while the streak is running, and the reason says so.
-- Returns the amount actually credited.

create or replace function app_private.reward(p_uid uuid, p_amt integer, p_why text) returns integer
language plpgsql set search_path = public as $$
declare
  v_amt integer := p_amt;
  v_why text := p_why;
begin
  if p_amt > 0 and app_private.active_streak(p_uid) > 0 then
    v_amt := p_amt * 2;
    v_why := p_why || ' (streak bonus x2)';
  end if;
  insert into public.coins_transactions (user_id, amt, why) values (p_uid, v_amt, v_why);
  return v_amt;
end $$;
revoke all on function app_private.reward(uuid, integer, text) from public;
