-- A player reports the other player of a two-player game to the moderators (issue 28), from an
-- invite, a game being played or one that ended, with a reason of at most 500 characters (may be
-- empty: a young student may not find the words). Once per game. The game then shows on the desk
-- (public.get_reported_matches), whose moderators may read its moves and end it. Returns the
-- report's id.

create or replace function public.report_match_player(p_match_id bigint, p_reason text default '') returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_reason text := btrim(coalesce(p_reason, ''));
  v_match app_private.matches := app_private.lock_match(p_match_id, v_uid);
  v_id bigint;
begin
  if char_length(v_reason) > 500 then
    raise exception 'Say what happened in at most 500 characters.' using errcode = '22023';
  end if;
  if app_private.text_problem(v_reason) is not null then
    raise exception 'The reason holds characters that change the direction of the text, or only blank ones.' using errcode = '22023';
  end if;
  insert into app_private.match_reports (match_id, reporter, reported, reason)
  values (v_match.id, v_uid, case when v_uid = v_match.first_player then v_match.second_player else v_match.first_player end, v_reason)
  on conflict (match_id, reporter) do nothing
  returning id into v_id;
  if v_id is null then
    raise exception 'You reported this game already: a moderator will look at it.' using errcode = 'P0001';
  end if;
  return v_id;
end $$;
revoke execute on function public.report_match_player(bigint, text) from public, anon;
grant execute on function public.report_match_player(bigint, text) to authenticated, service_role;
