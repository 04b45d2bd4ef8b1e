-- Whether the signed-in user has been granted creator tools.

create or replace function public.is_creator() returns boolean
language sql stable security invoker set search_path = public as $$
  select exists (select 1 from public.creators c where c.user_id = (select auth.uid()))
$$;
grant execute on function public.is_creator() to anon, authenticated, service_role;
