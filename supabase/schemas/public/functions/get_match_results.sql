-- A student's results in two-player games (issue 28), found by username (ignoring case): wins, draws
-- and losses per game, for their profile and their public page alike. Numbers only: whom they played
-- is never shown, so the public page still shows no friend list. Games never played are left out.

create or replace function public.get_match_results(p_username text)
returns table (game text, wins integer, draws integer, losses integer)
language sql stable security definer set search_path = public as $$
  select r.game, r.wins, r.draws, r.losses
  from public.my_users m
  join app_private.match_results r on r.user_id = m.user_id
  where lower(m.username) = lower(p_username)
  order by r.game
$$;
revoke execute on function public.get_match_results(text) from public;
grant execute on function public.get_match_results(text) to anon, authenticated, service_role;
