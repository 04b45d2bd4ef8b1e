-- The caller's own submissions for one app, best first, each with its proof image's object name (null
-- while none is stored) and the moderation desk's verdict: what a student needs to withdraw a score and
-- its proof, and to know where it stands (issue 20), in one call, as the storage schema is not exposed
-- to the API. The proof's name is the submission's proof_name (app_private.record_proof keeps it).

create or replace function public.get_own_scores(p_app_id text)
returns table (id bigint, score bigint, created_at timestamptz, proof text, review text)
language sql stable security definer set search_path = public as $$
  select s.id, s.score, s.created_at,
    s.proof_name,
    s.review
  from public.leaderboard_submissions s
  where s.user_id = app_private.require_uid() and s.app_id = p_app_id
  order by s.score desc, s.created_at
$$;
revoke execute on function public.get_own_scores(text) from public, anon;
grant execute on function public.get_own_scores(text) to authenticated, service_role;
