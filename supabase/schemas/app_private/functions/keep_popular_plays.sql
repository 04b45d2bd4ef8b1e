-- Keeps app_private.popular_plays a copy of public.apps_played (with each account's creation time),
-- however a row is written, re-stamped, moved or removed (a student's or an app's removal cascades
-- here as deletes). Rows older than the week are dropped by app_private.sweep_old_rows.

create or replace function app_private.keep_popular_plays() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and (old.user_id, old.app_id) is distinct from (new.user_id, new.app_id)) then
    delete from app_private.popular_plays p where p.user_id = old.user_id and p.app_id = old.app_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into app_private.popular_plays as p (user_id, app_id, played_at, device, account_created_at)
    values (new.user_id, new.app_id, new.updated_at, new.device, (select u.created_at from auth.users u where u.id = new.user_id))
    on conflict (user_id, app_id) do update set played_at = excluded.played_at, device = excluded.device;
  end if;
  return null;
end $$;
revoke all on function app_private.keep_popular_plays() from public;

create trigger keep_popular_plays after insert or update or delete on public.apps_played
  for each row execute function app_private.keep_popular_plays();
