-- Who may store, read and remove a score's proof image in the private 'submissions' bucket (the
-- bucket itself, images only and 2 MiB at most, is a row of the baseline migration's reference
-- data; the storage API enforces size and type).
--
-- The object name must be '{id}_{file name}' with no folder, for a submission of the caller's own.
-- Comparing text (not casting the prefix) keeps a malformed name from raising instead of being refused.
-- One proof per submission (issue 20: a student stored 10 of 2 MiB under one score), see app_rls.proof_stored,
-- and no upload past the student's quota (app_rls.proof_quota_bytes).

create policy "submission owner uploads its proof" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'submissions'
    and name ~ '^[0-9]+_[^/]+$'
    and exists (
      select 1 from public.leaderboard_submissions s
      where s.id::text = split_part(name, '_', 1) and s.user_id = (select auth.uid())
    )
    and not app_rls.proof_stored(split_part(name, '_', 1))
    and app_rls.proof_bytes_stored() + coalesce((metadata ->> 'size')::bigint, 0) <= app_rls.proof_quota_bytes()
  );
create policy "submission owner reads its proof" on storage.objects
  for select to authenticated using (
    bucket_id = 'submissions'
    and exists (
      select 1 from public.leaderboard_submissions s
      where s.id::text = split_part(name, '_', 1) and s.user_id = (select auth.uid())
    )
  );
-- The moderation desk looks at every proof it reviews (issue 20).
create policy "moderators read proofs" on storage.objects
  for select to authenticated using (bucket_id = 'submissions' and app_rls.session_is_moderator());
create policy "submission owner deletes its proof" on storage.objects
  for delete to authenticated using (
    bucket_id = 'submissions'
    and exists (
      select 1 from public.leaderboard_submissions s
      where s.id::text = split_part(name, '_', 1) and s.user_id = (select auth.uid())
    )
  );
