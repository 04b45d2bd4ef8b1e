-- How many bytes of proof images the caller has stored: what the quota of app_rls.proof_quota_bytes
-- counts (issue 20). Security definer: a policy cannot read storage.objects under its own policies.
-- It sums the caller's submissions' proof_bytes (app_private.record_proof keeps them), by the index on
-- user_id, instead of joining every stored object (issue 26).

create or replace function app_rls.proof_bytes_stored() returns bigint
language sql stable security definer set search_path = public as $$
  select coalesce(sum(s.proof_bytes), 0)::bigint
  from public.leaderboard_submissions s
  where s.user_id = (select auth.uid())
$$;
revoke all on function app_rls.proof_bytes_stored() from public;
grant execute on function app_rls.proof_bytes_stored() to authenticated;
