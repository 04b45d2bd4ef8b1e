-- The catalogue by title, for anyone: the entries an operator has not retired.

create or replace function public.get_apps_ordered_by_title() returns setof public.apps
language sql stable set search_path = public as $$
  select * from public.apps where retired_at is null order by title
$$;
revoke execute on function public.get_apps_ordered_by_title() from public;
grant execute on function public.get_apps_ordered_by_title() to anon, authenticated, service_role;
