-- Lifts a block this student made (issue 28). Nothing comes back: they are not friends again until
-- one asks and the other accepts. Refused with words when there is no such block.

create or replace function public.unblock_player(p_user_id uuid) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  delete from app_private.player_blocks b where b.blocker = v_uid and b.blocked = p_user_id;
  if not found then
    raise exception 'You have not blocked this student.' using errcode = 'P0001';
  end if;
end $$;
revoke execute on function public.unblock_player(uuid) from public, anon;
grant execute on function public.unblock_player(uuid) to authenticated, service_role;
