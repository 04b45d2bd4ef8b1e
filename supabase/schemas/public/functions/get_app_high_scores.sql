-- Each user's best score for the app, for anyone, counting only submissions whose proof image is stored.

create or replace function public.get_app_high_scores(p_app_id text)
returns table (user_id uuid, username text, icon text, score bigint, submission_id bigint, created_at timestamptz)
language sql stable security definer set search_path = public as $$
  select b.user_id, m.username, m.icon, b.score, b.id, b.created_at
  from (
    select distinct on (s.user_id) s.user_id, s.score, s.id, s.created_at
    from public.leaderboard_submissions s
    where s.app_id = p_app_id and app_private.has_proof(s.id)
    order by s.user_id, s.score desc, s.created_at
  ) b
  join public.my_users m on m.user_id = b.user_id
  order by b.score desc, b.created_at, m.username
$$;
revoke execute on function public.get_app_high_scores(text) from public;
grant execute on function public.get_app_high_scores(text) to anon, authenticated, service_role;
