-- How many bytes of proof images one student may keep in all (issue 20: a per-student quota). Proofs are at most 2 MiB each and one per submission, but a student keeps 10
-- submissions per game and games can be added, so nothing else bounds the total. The storage insert
-- policy (storage/submissions.sql) refuses an upload that would pass the quota, and the submission
-- guard refuses a new score once it is reached, with words the student can act on. 20 MiB: ten
-- screenshots at the largest size allowed, and far more at the size the games' own screenshots come
-- in. Security definer: a policy cannot read storage.objects under its own policies.

create or replace function app_rls.proof_quota_bytes() returns bigint
language sql immutable set search_path = public as $$
  select 20971520::bigint
$$;
revoke all on function app_rls.proof_quota_bytes() from public;
grant execute on function app_rls.proof_quota_bytes() to authenticated;
