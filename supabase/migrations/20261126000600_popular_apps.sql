-- "Popular this week" (issue 19): the home page ranks games by how many students played them in the
-- last 7 days.
--
-- Why: the home page listed 14 games by title and nothing else, so a student had no way to see what
-- the class was playing. The plays are there (apps_played, one row per student and app with its last
-- play), but that table is owner-only. get_popular_apps answers with app ids and distinct-student
-- counts only, never who played, to anyone (the home page is public). It scans the last week of
-- apps_played without an index of its own: one row per student and game is a few thousand rows for a
-- school, and each page load asks at most once per 5 minutes, so a new index (written on every play,
-- the hottest write) would cost more than it saves.

create or replace function public.get_popular_apps(p_limit integer default 10)
returns table (app_id text, players integer)
language plpgsql stable security definer set search_path = public as $$
begin
  if p_limit is null or p_limit not between 1 and 50 then
    raise exception 'p_limit must be between 1 and 50.' using errcode = '22023';
  end if;
  return query
    select p.app_id, count(distinct p.user_id)::integer
    from public.apps_played p
    join public.apps a on a.id = p.app_id
    where a.retired_at is null and p.updated_at > now() - interval '7 days'
    group by p.app_id
    order by count(distinct p.user_id) desc, p.app_id
    limit p_limit;
end $$;
revoke execute on function public.get_popular_apps(integer) from public;
grant execute on function public.get_popular_apps(integer) to anon, authenticated, service_role;
