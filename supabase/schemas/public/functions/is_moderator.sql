-- Whether the signed-in user works the moderation desk (a row in moderators, granted by an operator).

create or replace function public.is_moderator() returns boolean
language sql stable security invoker set search_path = public as $$
  select exists (select 1 from public.moderators m where m.user_id = (select auth.uid()))
$$;
revoke execute on function public.is_moderator() from public, anon;
grant execute on function public.is_moderator() to authenticated, service_role;
