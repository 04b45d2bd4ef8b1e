-- Every score submission, through submit_score (and the outbox) or straight through the API, passes
-- this trigger (issue 20): a score above what its game can produce is refused; a student sends at most
-- 5 scores of one game in 10 minutes and 20 in a day (one student filed 2,100 in about a second),
-- counted in app_private.score_submissions_log so a withdrawn score still counts, and keeps at most 10
-- on the board per game, so one student's rows cannot swamp a game's high scores. A student whose
-- proofs fill the quota (app_rls.proof_quota_bytes) is told so before sending a score whose proof
-- could not be stored; operators (no signed-in user) are not held to it.
-- A score sent from a game (submit_score's run id and play time) is held to the game's pace
-- (score_rules.max_per_second, unless the game went on from a save, whose earlier play the run did not
-- see) and, when the server saw its run start (public.start_game_run), to the server's clock: it cannot
-- claim more play than that, give or take 10 seconds for a slow network. Its run vouches for one score.
-- A run the server never saw start (played offline, told of later or not at all) leaves play_seen_ms
-- null for the moderator to weigh.
-- The pace rule holds on every way in (issue 26: a new account's hand-typed Snake 3,970 was taken): a
-- score of a game with a pace is held to it over the play time the game reports, and one without a play
-- time (typed by hand, or inserted straight into the table) over no play at all: at most one second's
-- worth (Snake 143). The resumed flag counts only for a game whose score_rules say it can resume.
-- A score without its proof is on no desk and no top list (their indexes hold only scores with a
-- proof); one still without it a day later was abandoned (the outbox uploads the proof right after the
-- score, and withdraws the score when the upload fails), so it is withdrawn when its student next sends
-- a score of that game, and stops holding one of the 10 places. The proof columns are the storage
-- trigger's (app_private.record_proof) to write.

create or replace function app_private.leaderboard_submissions_guard() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  v_title text;
  v_max bigint;
  v_rate numeric;
  v_can_resume boolean;
  v_run app_private.game_runs;
  v_seen bigint;
  v_recent integer;
  v_today integer;
  v_kept integer;
  v_lowest bigint;
begin
  new.proof_name := null;
  new.proof_bytes := null;
  select a.title, r.max_score, r.max_per_second, coalesce(r.can_resume, false)
    into v_title, v_max, v_rate, v_can_resume
  from public.apps a left join app_private.score_rules r on r.app_id = a.id
  where a.id = new.app_id;
  if v_max is not null and new.score > v_max then
    raise exception 'No game of % can score %: the most one game can reach is %.',
      v_title, to_char(new.score, 'FM999,999,999,990'), to_char(v_max, 'FM999,999,999,990')
      using errcode = 'P0001';
  end if;
  new.resumed := new.resumed and v_can_resume;
  if v_rate is not null and new.play_ms is null and new.score > floor(v_rate) then
    raise exception 'A score of % in % needs the play time the game reports with it: sent without one (typed by hand), it can be at most %.',
      to_char(new.score, 'FM999,999,999,990'), v_title, to_char(floor(v_rate), 'FM999,999,999,990')
      using errcode = 'P0001';
  end if;
  if not new.resumed and v_rate is not null
     and new.score > floor(v_rate * (new.play_ms / 1000.0 + 1)) then
    raise exception 'A score of % in % of % is more than the game allows: at most % points a second.',
      to_char(new.score, 'FM999,999,999,990'), app_private.play_time_text(new.play_ms), v_title, v_rate
      using errcode = 'P0001';
  end if;
  new.play_seen_ms := null;
  if new.run_id is not null then
    if exists (select 1 from public.leaderboard_submissions s where s.run_id = new.run_id) then
      raise exception 'The score of that play was already sent.' using errcode = 'P0001';
    end if;
    -- A run played offline vouches for no play time: its score is held like any score not seen played.
    select * into v_run from app_private.game_runs r where r.run_id = new.run_id and not r.played_offline;
    if found then
      if v_run.user_id <> new.user_id or v_run.app_id <> new.app_id then
        raise exception 'That score''s play was started in another game.' using errcode = '22023';
      end if;
      v_seen := floor(extract(epoch from now() - v_run.started_at) * 1000)::bigint;
      if new.play_ms > v_seen + 10000 then
        raise exception 'This score claims % of play, but this game of % began only % ago.',
          app_private.play_time_text(new.play_ms), v_title, app_private.play_time_text(v_seen)
          using errcode = 'P0001';
      end if;
      new.play_seen_ms := least(v_seen, 86400000);
    end if;
  end if;
  -- Two tabs of one student sending at once must not both slip under the limits.
  perform pg_advisory_xact_lock(hashtext('score_rate:' || new.user_id::text || ':' || new.app_id));
  delete from app_private.score_submissions_log l
  where l.user_id = new.user_id and l.app_id = new.app_id and l.sent_at <= now() - interval '1 day';
  select count(*) filter (where l.sent_at > now() - interval '10 minutes'), count(*)
    into v_recent, v_today
  from app_private.score_submissions_log l
  where l.user_id = new.user_id and l.app_id = new.app_id;
  if v_recent >= 5 then
    raise exception 'You sent 5 scores for % in the last 10 minutes. Wait a few minutes before sending another.', v_title
      using errcode = 'P0001';
  end if;
  if v_today >= 20 then
    raise exception 'You sent 20 scores for % today. Send your next one tomorrow.', v_title
      using errcode = 'P0001';
  end if;
  delete from public.leaderboard_submissions s
  where s.user_id = new.user_id and s.app_id = new.app_id and s.review = 'pending'
    and s.proof_name is null and s.created_at <= now() - interval '1 day';
  select count(*), min(s.score) into v_kept, v_lowest
  from public.leaderboard_submissions s
  where s.user_id = new.user_id and s.app_id = new.app_id;
  if v_kept >= 10 then
    raise exception 'You already have 10 scores for % on the board. Withdraw one (your lowest is %) to send another.',
      v_title, to_char(v_lowest, 'FM999,999,999,990')
      using errcode = 'P0001';
  end if;
  if app_rls.proof_bytes_stored() >= app_rls.proof_quota_bytes() then
    raise exception 'Your score screenshots take up % MiB, the most one student keeps. Withdraw an old score on its game''s page to send a new one.',
      app_rls.proof_quota_bytes() / 1048576
      using errcode = 'P0001';
  end if;
  insert into app_private.score_submissions_log (user_id, app_id) values (new.user_id, new.app_id);
  return new;
end $$;
revoke execute on function app_private.leaderboard_submissions_guard() from public;

create trigger leaderboard_submissions_guard before insert on public.leaderboard_submissions
  for each row execute function app_private.leaderboard_submissions_guard();
