-- Each user's best approved score for the app, for anyone, counting only submissions whose proof image
-- is stored. Scores the moderation desk has not reviewed yet (issue 20) do not rank; the one best
-- pending score is shown too, marked (reviewed = false), when it would top the list, so a student sees
-- their new record waiting instead of nothing. Both parts read partial indexes of scores with their proof
-- (leaderboard_submissions_approved_idx, _waiting_idx; issue 26), so scores sent without one cost nothing here.

create or replace function public.get_app_high_scores(p_app_id text)
returns table (user_id uuid, username text, icon text, score bigint, submission_id bigint, created_at timestamptz, reviewed boolean)
language sql stable security definer set search_path = public as $$
  with best as (
    select distinct on (s.user_id) s.user_id, s.score, s.id, s.created_at
    from public.leaderboard_submissions s
    where s.app_id = p_app_id and s.review = 'approved' and s.proof_name is not null
    order by s.user_id, s.score desc, s.created_at
  ), waiting as (
    select s.user_id, s.score, s.id, s.created_at
    from public.leaderboard_submissions s
    where s.app_id = p_app_id and s.review = 'pending' and s.proof_name is not null
      and s.score > coalesce((select max(b.score) from best b), -1)
    order by s.score desc, s.created_at
    limit 1
  )
  select r.user_id, m.username, m.icon, r.score, r.id, r.created_at, r.reviewed
  from (
    select b.*, true as reviewed from best b
    union all
    select w.*, false from waiting w
  ) r
  -- One profile read by its key for each row of the list: as a join, the planner hashed every
  -- student's profile for a list of 190 (issue 26; still so with 21,100 students). OFFSET 0 keeps
  -- the subquery from being folded back into that join.
  cross join lateral (select m.username, m.icon from public.my_users m where m.user_id = r.user_id offset 0) m
  order by r.score desc, r.created_at, m.username
$$;
revoke execute on function public.get_app_high_scores(text) from public;
grant execute on function public.get_app_high_scores(text) to anon, authenticated, service_role;
