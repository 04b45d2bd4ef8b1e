-- How many bytes of proof images the caller has stored: what the quota of app_rls.proof_quota_bytes
-- counts (issue 20). Security definer: a policy cannot read storage.objects under its own policies.

create or replace function app_rls.proof_bytes_stored() returns bigint
language sql stable security definer set search_path = public as $$
  select coalesce(sum(coalesce((o.metadata ->> 'size')::bigint, 0)), 0)::bigint
  from storage.objects o
  join public.leaderboard_submissions s on s.id::text = split_part(o.name, '_', 1)
  where o.bucket_id = 'submissions' and s.user_id = (select auth.uid())
$$;
revoke all on function app_rls.proof_bytes_stored() from public;
grant execute on function app_rls.proof_bytes_stored() to authenticated;
