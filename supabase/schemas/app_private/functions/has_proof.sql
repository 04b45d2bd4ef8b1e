-- Whether a score submission's proof image is stored (its proof_name, kept by app_private.record_proof).

create or replace function app_private.has_proof(p_submission_id bigint) returns boolean
language sql stable set search_path = public as $$
  select exists (
    select 1 from public.leaderboard_submissions s
    where s.id = p_submission_id and s.proof_name is not null
  )
$$;
revoke all on function app_private.has_proof(bigint) from public;
