-- Whether a score submission already has its proof image (issue 20: one proof per submission; a
-- student stored 10 of 2 MiB under one score). The storage insert policy asks it: security definer,
-- because a policy on storage.objects cannot read storage.objects under its own policies (that
-- recurses), and in app_rls, the schema of what policies call. It reads the submission's proof_name
-- (app_private.record_proof keeps it), one row by its key, rather than every stored object (issue 26);
-- the argument is the object name's prefix, text that need not be a number.

create or replace function app_rls.proof_stored(p_submission_id text) returns boolean
language sql stable security definer set search_path = public as $$
  select case when p_submission_id ~ '^[0-9]{1,18}$' then exists (
    select 1 from public.leaderboard_submissions s
    where s.id = p_submission_id::bigint and s.proof_name is not null
  ) else false end
$$;
revoke all on function app_rls.proof_stored(text) from public;
grant execute on function app_rls.proof_stored(text) to authenticated;
