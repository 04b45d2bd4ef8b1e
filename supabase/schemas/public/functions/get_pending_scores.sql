-- The desk's queue of scores to review (issue 20): pending submissions whose proof image is stored,
-- oldest first, each with its game, its student, the game's highest possible score where one is known
-- (app_private.score_rules) and the proof's object name, which moderators may read
-- (storage/submissions.sql), and what the game said of the play behind it beside what the server's clock
-- saw (play_ms null: typed by hand; play_seen_ms null: a run the server never saw start). A page of 50:
-- the desk asks again as it works through them. The queue reads leaderboard_submissions_desk_idx, which
-- holds only pending scores with their proof (issue 26): fifty index entries, however many scores wait
-- without a proof.

create or replace function public.get_pending_scores()
returns table (
  submission_id bigint, app_id text, app_title text, user_id uuid, username text,
  score bigint, max_score bigint, created_at timestamptz, proof text,
  play_ms integer, play_seen_ms integer, resumed boolean
)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  return query
    select s.id, s.app_id, a.title, s.user_id, m.username, s.score, r.max_score, s.created_at, s.proof_name,
      s.play_ms, s.play_seen_ms, s.resumed
    from public.leaderboard_submissions s
    join public.apps a on a.id = s.app_id
    join public.my_users m on m.user_id = s.user_id
    left join app_private.score_rules r on r.app_id = s.app_id
    where s.review = 'pending' and s.proof_name is not null
    order by s.created_at, s.id
    limit 50;
end $$;
revoke execute on function public.get_pending_scores() from public, anon;
grant execute on function public.get_pending_scores() to authenticated, service_role;
