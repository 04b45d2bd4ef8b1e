-- Achievements and stats, decided by the server (issue 29, part 2). A game unlocks an achievement and
-- reports a stat through the SDK and the outbox; the server accepts only what the game declared, in a
-- run of that game it saw start (public.start_game_run) and that is the student's, a stat no faster
-- than its declared pace per second of the run (the pace rule of scores), a threshold the student's
-- stat reached, once per student (again is not an error and pays nothing), at most 10 unlocks a minute.
-- The reward goes through the ledger once; a moderator takes an unlock and its reward back with a
-- reason on record. The portal's four are granted by triggers where their condition happens. A game's
-- unlock rate reads a counter kept by the unlock (app_private.achievement_counts), one row per
-- achievement, not a count over a year of unlocks. Tables are written by these RPCs alone: no grant
-- to the API roles, and reads go through public.get_achievements.

create table app_private.game_stats (
  user_id uuid not null references auth.users (id) on delete cascade,
  app_id text not null,
  name text not null,
  value bigint not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, app_id, name),
  constraint game_stats_value_range check (value between 0 and 1000000000000)
);

create table app_private.run_stats (
  run_id uuid not null references app_private.game_runs (run_id) on delete cascade,
  name text not null,
  value bigint not null,
  primary key (run_id, name),
  constraint run_stats_value_range check (value between 0 and 1000000000)
);

create table app_private.achievement_counts (
  achievement_id bigint primary key,
  unlocks integer not null default 0,
  constraint achievement_counts_non_negative check (unlocks >= 0)
);

create table public.achievement_unlocks (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  achievement_id bigint not null references public.achievements (id) on delete cascade,
  run_id uuid,
  reward integer not null default 0,
  unlocked_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_by uuid references auth.users (id) on delete set null,
  constraint achievement_unlocks_user_achievement_key unique (user_id, achievement_id)
);
create index achievement_unlocks_user_unlocked_idx on public.achievement_unlocks (user_id, unlocked_at);
create index achievement_unlocks_achievement_idx on public.achievement_unlocks (achievement_id);

alter table public.achievement_unlocks enable row level security;

revoke all on table public.achievement_unlocks from anon, authenticated;
grant select, insert, update, delete on table public.achievement_unlocks to service_role;
revoke all on sequence public.achievement_unlocks_id_seq from anon, authenticated;

alter table public.moderation_decisions drop constraint moderation_decisions_subject;
alter table public.moderation_decisions add constraint moderation_decisions_subject
  check (subject in ('score', 'chat_report', 'takedown', 'creator_application', 'match', 'friend_invite', 'achievement'));
alter table public.moderation_decisions drop constraint moderation_decisions_action;
alter table public.moderation_decisions add constraint moderation_decisions_action check (
    (subject = 'score' and action in ('approve', 'reject'))
    or (subject = 'chat_report' and action in ('hide', 'restore'))
    or (subject = 'takedown' and action in ('resolve', 'reopen'))
    or (subject = 'creator_application' and action in ('grant', 'decline', 'reopen'))
    or (subject = 'match' and action = 'end')
    or (subject = 'friend_invite' and action = 'remove')
    or (subject = 'achievement' and action = 'revoke')
  );

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
  return v_run.started_at;
end $$;
revoke all on function app_private.own_game_run(uuid, text, uuid) from public;

create or replace function app_private.grant_achievement(p_uid uuid, p_achievement_id bigint, p_run_id uuid) returns jsonb
language plpgsql set search_path = public as $$
declare
  v_achievement public.achievements;
  v_id bigint;
  v_paid integer := 0;
begin
  select * into strict v_achievement from public.achievements where id = p_achievement_id;
  insert into public.achievement_unlocks (user_id, achievement_id, run_id)
  values (p_uid, p_achievement_id, p_run_id)
  on conflict (user_id, achievement_id) do nothing
  returning id into v_id;
  if v_id is null then
    select u.id into v_id from public.achievement_unlocks u where u.user_id = p_uid and u.achievement_id = p_achievement_id;
    return jsonb_build_object('unlock_id', v_id, 'reward', 0, 'already', true);
  end if;
  if v_achievement.reward > 0 then
    v_paid := app_private.reward(p_uid, v_achievement.reward, 'Achievement: ' || v_achievement.title);
    update public.achievement_unlocks set reward = v_paid where id = v_id;
  end if;
  insert into app_private.achievement_counts as c (achievement_id, unlocks) values (p_achievement_id, 1)
  on conflict (achievement_id) do update set unlocks = c.unlocks + 1;
  return jsonb_build_object('unlock_id', v_id, 'reward', v_paid, 'already', false);
end $$;
revoke all on function app_private.grant_achievement(uuid, bigint, uuid) from public;

create or replace function app_private.grant_portal_achievement(p_uid uuid, p_code text) returns void
language plpgsql set search_path = public as $$
declare
  v_id bigint;
begin
  select a.id into v_id from public.achievements a where a.app_id is null and a.code = p_code;
  if v_id is not null and p_uid is not null then
    perform app_private.grant_achievement(p_uid, v_id, null);
  end if;
end $$;
revoke all on function app_private.grant_portal_achievement(uuid, text) from public;

create or replace function app_private.portal_streak_achievement() returns trigger
language plpgsql set search_path = public as $$
begin
  if new.current_streak >= 7 then
    perform app_private.grant_portal_achievement(new.user_id, 'streak-7');
  end if;
  return null;
end $$;
revoke all on function app_private.portal_streak_achievement() from public;

create trigger portal_streak_achievement after insert or update of current_streak on public.streak
  for each row execute function app_private.portal_streak_achievement();

create or replace function app_private.portal_score_achievement() returns trigger
language plpgsql set search_path = public as $$
begin
  if new.review = 'approved' and old.review is distinct from 'approved' then
    perform app_private.grant_portal_achievement(new.user_id, 'first-approved-score');
  end if;
  return null;
end $$;
revoke all on function app_private.portal_score_achievement() from public;

create trigger portal_score_achievement after update of review on public.leaderboard_submissions
  for each row execute function app_private.portal_score_achievement();

create or replace function app_private.portal_match_achievement() returns trigger
language plpgsql set search_path = public as $$
begin
  if new.status = 'finished' and old.status is distinct from 'finished' then
    perform app_private.grant_portal_achievement(new.first_player, 'first-friend-game');
    perform app_private.grant_portal_achievement(new.second_player, 'first-friend-game');
  end if;
  return null;
end $$;
revoke all on function app_private.portal_match_achievement() from public;

create trigger portal_match_achievement after update of status on app_private.matches
  for each row execute function app_private.portal_match_achievement();

create or replace function app_private.portal_games_achievement() returns trigger
language plpgsql set search_path = public as $$
begin
  if (select count(*) from public.apps_played p where p.user_id = new.user_id) >= 10 then
    perform app_private.grant_portal_achievement(new.user_id, 'ten-games');
  end if;
  return null;
end $$;
revoke all on function app_private.portal_games_achievement() from public;

create trigger portal_games_achievement after insert on public.apps_played
  for each row execute function app_private.portal_games_achievement();

create or replace function public.unlock_achievement(p_app_id text, p_achievement text, p_run_id uuid, p_client_id uuid)
returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_achievement public.achievements;
  v_unlock public.achievement_unlocks;
  v_result jsonb;
  v_value bigint;
begin
  select * into v_achievement from public.achievements a where a.app_id = p_app_id and a.code = p_achievement;
  if not found then
    raise exception '% declares no achievement "%".', coalesce(p_app_id, 'This game'), coalesce(p_achievement, 'null')
      using errcode = '22023';
  end if;
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'unlock_achievement');
  if v_result is not null then
    return v_result;
  end if;
  perform app_private.lock_profile(v_uid);
  perform app_private.own_game_run(v_uid, p_app_id, p_run_id);
  select * into v_unlock from public.achievement_unlocks u where u.user_id = v_uid and u.achievement_id = v_achievement.id;
  if found and v_unlock.revoked_at is not null then
    raise exception 'A moderator took "%" back, so it cannot be unlocked again.', v_achievement.title using errcode = 'P0001';
  end if;
  if not found then
    if v_achievement.stat is not null then
      select s.value into v_value from app_private.game_stats s
       where s.user_id = v_uid and s.app_id = p_app_id and s.name = v_achievement.stat;
      if coalesce(v_value, 0) < v_achievement.threshold then
        raise exception '"%" needs % of at least %; yours is %.', v_achievement.title, v_achievement.stat,
          v_achievement.threshold, coalesce(v_value, 0)
          using errcode = 'P0001';
      end if;
    end if;
    if (select count(*) from public.achievement_unlocks u
         where u.user_id = v_uid and u.unlocked_at > now() - interval '1 minute' and u.run_id is not null) >= 10 then
      raise exception 'Too many achievements at once: at most 10 a minute. The rest wait on this device and are sent in a moment.'
        using errcode = 'PT429';
    end if;
  end if;
  v_result := app_private.grant_achievement(v_uid, v_achievement.id, p_run_id);
  perform app_private.finish_mutation(v_uid, p_client_id, v_result);
  return v_result;
end $$;
revoke execute on function public.unlock_achievement(text, text, uuid, uuid) from public, anon;
grant execute on function public.unlock_achievement(text, text, uuid, uuid) to authenticated, service_role;

create or replace function public.report_stat(p_app_id text, p_run_id uuid, p_name text, p_value bigint, p_client_id uuid)
returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_rule app_private.achievement_stats;
  v_started timestamptz;
  v_seconds numeric;
  v_before bigint;
  v_value bigint;
  v_result jsonb;
begin
  if p_value is null or p_value < 0 or p_value > 1000000000 then
    raise exception 'A stat is a whole number from 0 to 1,000,000,000.' using errcode = '22023';
  end if;
  select * into v_rule from app_private.achievement_stats s where s.app_id = p_app_id and s.name = p_name;
  if not found then
    raise exception '% declares no stat "%".', coalesce(p_app_id, 'This game'), coalesce(p_name, 'null')
      using errcode = '22023';
  end if;
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'report_stat');
  if v_result is not null then
    return v_result;
  end if;
  perform app_private.lock_profile(v_uid);
  v_started := app_private.own_game_run(v_uid, p_app_id, p_run_id);
  v_seconds := greatest(extract(epoch from now() - v_started), 0);
  if p_value > v_rule.max_per_second * (v_seconds + 1) then
    raise exception '% of % after % of play is more than the game allows: at most % a second.',
      p_name, to_char(p_value, 'FM999,999,999,990'), app_private.play_time_text((v_seconds * 1000)::bigint),
      v_rule.max_per_second::float8
      using errcode = 'P0001';
  end if;
  select r.value into v_before from app_private.run_stats r where r.run_id = p_run_id and r.name = p_name;
  if p_value > coalesce(v_before, 0) then
    insert into app_private.run_stats as r (run_id, name, value) values (p_run_id, p_name, p_value)
    on conflict (run_id, name) do update set value = excluded.value;
    insert into app_private.game_stats as s (user_id, app_id, name, value)
    values (v_uid, p_app_id, p_name, case v_rule.kind when 'max' then p_value else p_value - coalesce(v_before, 0) end)
    on conflict (user_id, app_id, name) do update
      set value = case v_rule.kind when 'max' then greatest(s.value, p_value) else s.value + p_value - coalesce(v_before, 0) end,
          updated_at = now();
  end if;
  select s.value into v_value from app_private.game_stats s where s.user_id = v_uid and s.app_id = p_app_id and s.name = p_name;
  v_result := jsonb_build_object('value', coalesce(v_value, 0));
  perform app_private.finish_mutation(v_uid, p_client_id, v_result);
  return v_result;
end $$;
revoke execute on function public.report_stat(text, uuid, text, bigint, uuid) from public, anon;
grant execute on function public.report_stat(text, uuid, text, bigint, uuid) to authenticated, service_role;

create or replace function public.revoke_achievement(p_unlock_id bigint, p_reason text) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_moderator();
  v_unlock public.achievement_unlocks;
  v_title text;
  v_id bigint;
begin
  if p_reason is null or char_length(btrim(p_reason)) not between 1 and 500 then
    raise exception 'Say why, in 1 to 500 characters.' using errcode = '22023';
  end if;
  select * into v_unlock from public.achievement_unlocks u where u.id = p_unlock_id for update;
  if not found then
    raise exception 'No such unlock.' using errcode = 'P0002';
  end if;
  if v_unlock.user_id = v_uid then
    raise exception 'You cannot decide on your own achievement: another moderator will.' using errcode = 'P0001';
  end if;
  if v_unlock.revoked_at is not null then
    raise exception 'That achievement was already taken back.' using errcode = 'P0001';
  end if;
  perform app_private.lock_profile(v_unlock.user_id);
  select a.title into v_title from public.achievements a where a.id = v_unlock.achievement_id;
  update public.achievement_unlocks set revoked_at = now(), revoked_by = v_uid where id = v_unlock.id;
  if v_unlock.reward > 0 then
    insert into public.coins_transactions (user_id, amt, why)
    values (v_unlock.user_id, -v_unlock.reward, left('Achievement taken back: ' || v_title, 200));
  end if;
  update app_private.achievement_counts set unlocks = unlocks - 1 where achievement_id = v_unlock.achievement_id;
  insert into public.moderation_decisions (moderator_id, subject, subject_id, action, reason)
  values (v_uid, 'achievement', v_unlock.id, 'revoke', btrim(p_reason))
  returning id into v_id;
  return v_id;
end $$;
revoke execute on function public.revoke_achievement(bigint, text) from public, anon;
grant execute on function public.revoke_achievement(bigint, text) to authenticated, service_role;

create or replace function public.get_achievements(p_app_id text)
returns table (
  code text, title text, description text, icon text, points integer, hidden boolean, stat text, threshold bigint,
  progress bigint, unlocked_at timestamptz, unlocks integer, players bigint
)
language sql stable security definer set search_path = public as $$
  with mine as (
    select u.achievement_id, u.unlocked_at from public.achievement_unlocks u
     where u.user_id = (select auth.uid()) and u.revoked_at is null
  ), players as (
    select count(*) as n from public.apps_played p where p.app_id = p_app_id
  )
  select a.code,
         case when a.hidden and m.unlocked_at is null then '???' else a.title end,
         case when a.hidden and m.unlocked_at is null then '???' else a.description end,
         case when a.hidden and m.unlocked_at is null then null else a.icon end,
         a.points, a.hidden,
         case when a.hidden and m.unlocked_at is null then null else a.stat end,
         case when a.hidden and m.unlocked_at is null then null else a.threshold end,
         (select s.value from app_private.game_stats s
           where s.user_id = (select auth.uid()) and s.app_id = a.app_id and s.name = a.stat and not (a.hidden and m.unlocked_at is null)),
         m.unlocked_at,
         coalesce(c.unlocks, 0),
         case when p_app_id is null then (select count(*) from public.my_users) else (select n from players) end
    from public.achievements a
    left join mine m on m.achievement_id = a.id
    left join app_private.achievement_counts c on c.achievement_id = a.id
   where a.app_id is not distinct from p_app_id
   order by a.hidden, a.points, a.code
$$;
revoke execute on function public.get_achievements(text) from public;
grant execute on function public.get_achievements(text) to anon, authenticated, service_role;

insert into app_private.mutation_kinds (kind, call) values
  ('unlock_achievement',
   $q$select public.unlock_achievement($1 ->> 'p_app_id', $1 ->> 'p_achievement', ($1 ->> 'p_run_id')::uuid, $2)$q$),
  ('report_stat',
   $q$select public.report_stat($1 ->> 'p_app_id', ($1 ->> 'p_run_id')::uuid, $1 ->> 'p_name', ($1 ->> 'p_value')::bigint, $2)$q$)
on conflict (kind) do update set call = excluded.call;
