-- Whether a score submission already has its proof image (issue 20: one proof per submission; a
-- student stored 10 of 2 MiB under one score). The storage insert policy asks it: security definer,
-- because a policy on storage.objects cannot read storage.objects under its own policies (that
-- recurses), and in app_rls, the schema of what policies call.

create or replace function app_rls.proof_stored(p_submission_id text) returns boolean
language sql stable security definer set search_path = public as $$
  select exists (
    select 1 from storage.objects o
    where o.bucket_id = 'submissions' and split_part(o.name, '_', 1) = p_submission_id
  )
$$;
revoke all on function app_rls.proof_stored(text) from public;
grant execute on function app_rls.proof_stored(text) to authenticated;
