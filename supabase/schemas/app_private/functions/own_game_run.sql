-- An achievement or a stat counts only in a run of that game the server saw start (public.start_game_run)
-- or was told of after it was played offline (public.note_offline_game_run), and that belongs to the
-- student (issue 29): the same words for both RPCs. Returns when the run began by the server's clock,
-- or null for a run played offline, whose start the server never saw.

create or replace function app_private.own_game_run(p_uid uuid, p_app_id text, p_run_id uuid) returns timestamptz
language plpgsql stable set search_path = public as $$
declare
  v_run app_private.game_runs;
begin
  if p_run_id is null then
    raise exception 'An achievement or a stat needs the game run it happened in.' using errcode = '22023';
  end if;
  select * into v_run from app_private.game_runs r where r.run_id = p_run_id;
  if not found then
    raise exception 'The server never saw this game run start, so it cannot count: play a new game while online.'
      using errcode = 'P0001';
  end if;
  if v_run.user_id <> p_uid then
    raise exception 'That game run is not yours.' using errcode = 'P0001';
  end if;
  if v_run.app_id <> p_app_id then
    raise exception 'That game run is of another game.' using errcode = 'P0001';
  end if;
  return case when v_run.played_offline then null else v_run.started_at end;
end $$;
revoke all on function app_private.own_game_run(uuid, text, uuid) from public;
