-- The friends page lists the student's open invites (issue 28).
--
-- Why: create_friend_invite hands its code back once. A student who made a class link and reloaded
-- the page had no way to see it again or to cancel it, and would hit the limit of 5 open invites
-- with links they could no longer share. This reads them back; the index on (owner, expires_at)
-- from 20261127009000_classmates.sql serves it.

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
