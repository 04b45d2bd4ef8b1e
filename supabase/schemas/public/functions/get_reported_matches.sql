-- The desk's reported two-player games (issue 28): open reports, oldest first, each with its game,
-- the game's status and how far it went, who reported whom, and why. The moderator reads the moves
-- with public.get_match and may end the game (public.end_match). A page of 50.

create or replace function public.get_reported_matches()
returns table (
  report_id bigint, match_id bigint, game text, status text, ply integer,
  reporter_username text, reported_username text, reason text, reported_at timestamptz
)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  return query
    select r.id, m.id, m.game, m.status, m.ply, reporter.username, reported.username, r.reason, r.created_at
    from app_private.match_reports r
    join app_private.matches m on m.id = r.match_id
    left join public.my_users reporter on reporter.user_id = r.reporter
    left join public.my_users reported on reported.user_id = r.reported
    where r.closed_at is null
    order by r.created_at, r.id
    limit 50;
end $$;
revoke execute on function public.get_reported_matches() from public, anon;
grant execute on function public.get_reported_matches() to authenticated, service_role;
