-- delete_score_submission named an unknown submission (or someone else's) with SQLSTATE P0002, which
-- PostgREST answers with HTTP 500, as it does every P0 code but P0001: a student's bad argument looked
-- like a server failure. It now raises 22023 (HTTP 400), the code every RPC uses for bad arguments.
-- The body is otherwise the one of 20261121000900_rpc_mutations.sql.

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
