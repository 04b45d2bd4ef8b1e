-- High-score submissions and their proof images. A submission only counts on the leaderboard once its
-- proof image exists in storage under 'submissions' as '{submission id}_{file name}'. The client may
-- insert its own submission directly (as the spec's calls do) or through submit_score. Withdrawing one
-- (the upload-failed path) goes through delete_score_submission, which allows it only while no proof
-- is stored: a delete policy cannot check that, as the storage policies already read this table.

create table public.leaderboard_submissions (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  app_id text not null references public.apps (id) on delete cascade,
  score bigint not null,
  created_at timestamptz not null default now(),
  constraint leaderboard_submissions_score_range check (score between 0 and 1000000000)
);
-- High scores of one app, best first.
create index leaderboard_submissions_app_score_idx on public.leaderboard_submissions (app_id, score desc);
create index leaderboard_submissions_user_idx on public.leaderboard_submissions (user_id);

alter table public.leaderboard_submissions enable row level security;

revoke all on table public.leaderboard_submissions from anon, authenticated;
grant select on table public.leaderboard_submissions to authenticated;
grant insert (user_id, app_id, score) on table public.leaderboard_submissions to authenticated;

create policy "owner reads own submissions" on public.leaderboard_submissions
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owner submits own scores" on public.leaderboard_submissions
  for insert to authenticated with check (user_id = (select auth.uid()));
-- The proof bucket: private, images only, 2 MiB at most (the storage API enforces size and type).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('submissions', 'submissions', false, 2097152,
        array['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
on conflict (id) do nothing;

-- The object name must be '{id}_{file name}' with no folder, for a submission of the caller's own.
-- Comparing text (not casting the prefix) keeps a malformed name from raising instead of being refused.
create policy "submission owner uploads its proof" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'submissions'
    and name ~ '^[0-9]+_[^/]+$'
    and exists (
      select 1 from public.leaderboard_submissions s
      where s.id::text = split_part(name, '_', 1) and s.user_id = (select auth.uid())
    )
  );
create policy "submission owner reads its proof" on storage.objects
  for select to authenticated using (
    bucket_id = 'submissions'
    and exists (
      select 1 from public.leaderboard_submissions s
      where s.id::text = split_part(name, '_', 1) and s.user_id = (select auth.uid())
    )
  );
create policy "submission owner deletes its proof" on storage.objects
  for delete to authenticated using (
    bucket_id = 'submissions'
    and exists (
      select 1 from public.leaderboard_submissions s
      where s.id::text = split_part(name, '_', 1) and s.user_id = (select auth.uid())
    )
  );
