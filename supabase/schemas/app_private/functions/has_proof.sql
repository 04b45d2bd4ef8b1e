-- Whether a score submission's proof image is stored.

create or replace function app_private.has_proof(p_submission_id bigint) returns boolean
language sql stable set search_path = public as $$
  select exists (
    select 1 from storage.objects o
    where o.bucket_id = 'submissions' and split_part(o.name, '_', 1) = p_submission_id::text
  )
$$;
revoke all on function app_private.has_proof(bigint) from public;
