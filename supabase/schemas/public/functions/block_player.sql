-- Blocks a student (issue 28): their friendship and any request between the two end, and while the
-- block stands neither may ask the other or use the other's invite, and the blocked student sees
-- nothing of this one's presence. Blocking twice is not an error. Refused: oneself, no such student.

create or replace function public.block_player(p_user_id uuid) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  if p_user_id is null or not exists (select 1 from public.my_users m where m.user_id = p_user_id) then
    raise exception 'There is no such student to block.' using errcode = 'P0001';
  end if;
  if p_user_id = v_uid then
    raise exception 'You cannot block yourself.' using errcode = 'P0001';
  end if;
  insert into app_private.player_blocks (blocker, blocked) values (v_uid, p_user_id) on conflict do nothing;
  delete from app_private.friendships f where f.user_low = least(v_uid, p_user_id) and f.user_high = greatest(v_uid, p_user_id);
end $$;
revoke execute on function public.block_player(uuid) from public, anon;
grant execute on function public.block_player(uuid) to authenticated, service_role;
