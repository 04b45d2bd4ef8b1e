-- The caller's game links nobody took yet (issue 28), newest first: the lobby shows each with its link,
-- QR code and a way to take it back, after the dialog closed or a reload too, since each counts
-- against the 5 invites waiting until it is taken, taken back or lapses. At most 5 wait at once
-- (app_private.match_invite_limit_refusal).

create or replace function public.get_my_match_links()
returns table (match_id bigint, code text, game text, pace text, expires_at timestamptz)
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  return query
    select m.id, m.link_code, m.game, m.pace, m.deadline
    from app_private.matches m
    where m.invited_by = v_uid and m.status = 'invited' and m.link_code is not null and m.deadline > now()
      and (m.first_player is null or m.second_player is null)
    order by m.created_at desc, m.id desc;
end $$;
revoke execute on function public.get_my_match_links() from public, anon;
grant execute on function public.get_my_match_links() to authenticated, service_role;
