-- Keeps app_private.coins_gained_daily and app_private.coins_gained_weekly equal to the ledger's gains
-- (amt > 0) per student and UTC day, and per student and UTC week (from Monday), whichever way a row
-- changes: the service role may correct or remove a ledger row too.

create or replace function app_private.count_coins_gained() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.amt > 0 then
    update app_private.coins_gained_daily d set amount = d.amount - old.amt
    where d.day = (old.created_at at time zone 'UTC')::date and d.user_id = old.user_id;
    update app_private.coins_gained_weekly w set amount = w.amount - old.amt
    where w.week = date_trunc('week', old.created_at at time zone 'UTC')::date and w.user_id = old.user_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.amt > 0 then
    insert into app_private.coins_gained_daily as d (day, user_id, amount)
    values ((new.created_at at time zone 'UTC')::date, new.user_id, new.amt)
    on conflict (day, user_id) do update set amount = d.amount + excluded.amount;
    insert into app_private.coins_gained_weekly as w (week, user_id, amount)
    values (date_trunc('week', new.created_at at time zone 'UTC')::date, new.user_id, new.amt)
    on conflict (week, user_id) do update set amount = w.amount + excluded.amount;
  end if;
  return null;
end $$;
revoke all on function app_private.count_coins_gained() from public;

create trigger count_coins_gained after insert or update or delete on public.coins_transactions
  for each row execute function app_private.count_coins_gained();
