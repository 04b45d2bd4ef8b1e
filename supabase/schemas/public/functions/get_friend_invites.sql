-- This student's invites that still work (issue 28), newest first: the friends page shows each with
-- its link, QR code and a way to cancel it, after a reload too. At most 5 exist (create_friend_invite).

create or replace function public.get_friend_invites()
returns table (code text, for_class boolean, uses_left integer, expires_at timestamptz)
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  return query
    select i.code, i.for_class, i.uses_left, i.expires_at
    from app_private.friend_invites i
    where i.owner = v_uid and i.uses_left > 0 and i.expires_at > now()
    order by i.created_at desc, i.code;
end $$;
revoke execute on function public.get_friend_invites() from public, anon;
grant execute on function public.get_friend_invites() to authenticated, service_role;
