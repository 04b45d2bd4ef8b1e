-- The upload-failed path: withdraw one's own submission while no proof is stored for it.
-- An unknown submission (or someone else's) is a bad argument, 22023 (HTTP 400): it was P0002, which
-- PostgREST answers with HTTP 500 as it does every P0 code but P0001, so a student's bad argument
-- looked like a server failure.

create or replace function public.delete_score_submission(p_id bigint) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  perform 1 from public.leaderboard_submissions where id = p_id and user_id = v_uid for update;
  if not found then
    raise exception 'Score submission % not found.', coalesce(p_id::text, 'null') using errcode = '22023';
  end if;
  if app_private.has_proof(p_id) then
    raise exception 'This score already has its proof image and stays on the leaderboard.' using errcode = 'P0001';
  end if;
  delete from public.leaderboard_submissions where id = p_id;
end $$;
revoke execute on function public.delete_score_submission(bigint) from public, anon;
grant execute on function public.delete_score_submission(bigint) to authenticated, service_role;
