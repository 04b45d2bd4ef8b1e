-- The portal tells the server that a run of a game began (issue 20), so the server's clock, not the
-- game's, bounds the play time a score from that run may claim (app_private.leaderboard_submissions_guard).
-- Online only, and sent as the run is issued: through the outbox it would arrive late, and the server's
-- clock would then vouch for less play than there was. A run played with no network is told of later by
-- public.note_offline_game_run instead. Past the limit of app_private.register_game_run, the run is
-- simply not seen, and its score waits for a moderator like one played offline.

create or replace function public.start_game_run(p_app_id text, p_run_id uuid) returns timestamptz
language plpgsql security definer set search_path = public as $$
begin
  return (app_private.register_game_run(app_private.require_uid(), p_app_id, p_run_id, false)).started_at;
end $$;
revoke execute on function public.start_game_run(text, uuid) from public, anon;
grant execute on function public.start_game_run(text, uuid) to authenticated, service_role;
