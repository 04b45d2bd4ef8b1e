-- High-score submissions. A submission only counts on the leaderboard once its proof image exists in
-- storage under 'submissions' as '{submission id}_{file name}' (see storage/submissions.sql); proof_name
-- and proof_bytes say which and how large, kept by a trigger on storage.objects (app_private.record_proof),
-- so the desk, the top lists and the quota find proofs by index instead of reading every object. The
-- client may insert its own submission directly (as the spec's calls do) or through submit_score.
-- Withdrawing one (the upload-failed path) goes through delete_score_submission, which allows it only
-- while no proof is stored: a delete policy cannot check that, as the storage policies already read
-- this table.

create table public.leaderboard_submissions (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  app_id text not null references public.apps (id) on delete cascade,
  score bigint not null,
  created_at timestamptz not null default now(),
  -- The moderation desk's verdict on the proof (issue 20): top lists rank approved scores, and show a
  -- pending one only when it would top the list, marked as waiting. Students cannot write it.
  review text not null default 'pending',
  -- What the game said about the play behind a score sent from the game (issue 20), for the server's
  -- checks and the desk: the portal's run id, the play time the game claims, whether the game went on
  -- from a save (so the play time covers only this session), and the time the server's own clock saw
  -- since the run began (null when the server never saw the run: played offline, or typed by hand).
  -- Only submit_score writes them.
  run_id uuid,
  play_ms integer,
  resumed boolean not null default false,
  play_seen_ms integer,
  -- The stored proof image's object name and size (issue 26), null while none is stored. Only
  -- app_private.record_proof writes them; the guard clears them on insert.
  proof_name text,
  proof_bytes bigint,
  constraint leaderboard_submissions_score_range check (score between 0 and 1000000000),
  constraint leaderboard_submissions_review check (review in ('pending', 'approved', 'rejected')),
  constraint leaderboard_submissions_play_ms_range check (play_ms between 0 and 86400000),
  constraint leaderboard_submissions_play_seen_ms_range check (play_seen_ms between 0 and 86400000)
);
-- High scores of one app, best first.
create index leaderboard_submissions_app_score_idx on public.leaderboard_submissions (app_id, score desc);
-- The desk's queue (issue 26): pending submissions with their proof, oldest first. A score without its
-- proof is in none of these three indexes, so sending thousands of them costs the desk and the top lists
-- nothing.
create index leaderboard_submissions_desk_idx on public.leaderboard_submissions (created_at, id)
  where review = 'pending' and proof_name is not null;
-- A game's top list: each student's best approved score, and the best one waiting for review.
create index leaderboard_submissions_approved_idx on public.leaderboard_submissions (app_id, user_id, score desc, created_at)
  where review = 'approved' and proof_name is not null;
create index leaderboard_submissions_waiting_idx on public.leaderboard_submissions (app_id, score desc, created_at)
  where review = 'pending' and proof_name is not null;
create index leaderboard_submissions_user_idx on public.leaderboard_submissions (user_id);
-- One score per run: a long run cannot vouch for a second score.
create unique index leaderboard_submissions_run_idx on public.leaderboard_submissions (run_id) where run_id is not null;

alter table public.leaderboard_submissions enable row level security;

revoke all on table public.leaderboard_submissions from anon, authenticated;
grant select, insert, update, delete on table public.leaderboard_submissions to service_role;
revoke all on sequence public.leaderboard_submissions_id_seq from anon, authenticated;
grant select on table public.leaderboard_submissions to authenticated;
grant insert (user_id, app_id, score) on table public.leaderboard_submissions to authenticated;

create policy "owner reads own submissions" on public.leaderboard_submissions
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owner submits own scores" on public.leaderboard_submissions
  for insert to authenticated with check (user_id = (select auth.uid()));
