-- Read RPCs of spec section 7. Leaderboards are public (anon may call them) and return public
-- profile fields only; balances and personal sums are for their owner alone. Top lists are
-- limited to 5 and ties are broken by username so every caller sees the same order.

create or replace function public.get_apps_ordered_by_title() returns setof public.apps
language sql stable set search_path = public as $$
  select * from public.apps order by title
$$;
revoke execute on function public.get_apps_ordered_by_title() from public;
grant execute on function public.get_apps_ordered_by_title() to anon, authenticated, service_role;

-- Exactly one row for an existing profile (none for an unknown user, so .single() reports PGRST116).
-- Ranks count users strictly ahead, so equal values share a rank.
create or replace function public.get_leaderboard_data(target_user_id uuid)
returns table (
  user_id uuid,
  username text,
  icon text,
  badges text[],
  current_streak integer,
  longest_streak integer,
  apps_played integer,
  time_spent integer,
  created_at timestamptz,
  streak_rank bigint,
  time_spent_rank bigint,
  apps_played_rank bigint
)
language sql stable security definer set search_path = public as $$
  with profiles as (
    select m.user_id, m.username, m.icon, m.badges, m.longest_streak, m.apps_played, m.time_spent, m.created_at,
           case when s.last_claim >= now() - interval '2 days' then s.current_streak else 0 end as current_streak
    from public.my_users m
    left join public.streak s on s.user_id = m.user_id
  )
  select t.user_id, t.username, t.icon, t.badges, t.current_streak, t.longest_streak, t.apps_played,
         t.time_spent, t.created_at,
         (select count(*) + 1 from profiles o where o.current_streak > t.current_streak),
         (select count(*) + 1 from public.my_users o where o.time_spent > t.time_spent),
         (select count(*) + 1 from public.my_users o where o.apps_played > t.apps_played)
  from profiles t
  where t.user_id = target_user_id
$$;
revoke execute on function public.get_leaderboard_data(uuid) from public;
grant execute on function public.get_leaderboard_data(uuid) to anon, authenticated, service_role;

create or replace function public.get_coin_amt(p_user_id uuid) returns bigint
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  if p_user_id is distinct from v_uid then
    raise exception 'You can only read your own coins.' using errcode = '42501';
  end if;
  return app_private.balance(v_uid);
end $$;
revoke execute on function public.get_coin_amt(uuid) from public, anon;
grant execute on function public.get_coin_amt(uuid) to authenticated, service_role;

-- Coins gained (positive amounts only) since start_date, for the caller: the battle-pass total.
create or replace function public.get_coins_gained(p_user_id uuid, start_date timestamptz) returns bigint
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  if p_user_id is distinct from v_uid then
    raise exception 'You can only read your own coins.' using errcode = '42501';
  end if;
  if start_date is null then
    raise exception 'start_date is required' using errcode = '22023';
  end if;
  return (
    select coalesce(sum(c.amt), 0)::bigint from public.coins_transactions c
    where c.user_id = v_uid and c.amt > 0 and c.created_at >= start_date
  );
end $$;
revoke execute on function public.get_coins_gained(uuid, timestamptz) from public, anon;
grant execute on function public.get_coins_gained(uuid, timestamptz) to authenticated, service_role;

-- The same name with only start_date: the public "most coins gained" board (the client passes 7 days ago).
create or replace function public.get_coins_gained(start_date timestamptz)
returns table (user_id uuid, username text, icon text, amount bigint)
language sql stable security definer set search_path = public as $$
  select g.user_id, m.username, m.icon, g.amount
  from (
    select c.user_id, sum(c.amt)::bigint as amount
    from public.coins_transactions c
    where c.amt > 0 and c.created_at >= start_date
    group by c.user_id
  ) g
  join public.my_users m on m.user_id = g.user_id
  order by g.amount desc, m.username
  limit 5
$$;
revoke execute on function public.get_coins_gained(timestamptz) from public;
grant execute on function public.get_coins_gained(timestamptz) to anon, authenticated, service_role;

-- Each user's best score for the app, counting only submissions whose proof image is stored.
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

create or replace function public.get_top_streaks()
returns table (user_id uuid, username text, icon text, current_streak integer)
language sql stable security definer set search_path = public as $$
  select s.user_id, m.username, m.icon, s.current_streak
  from public.streak s
  join public.my_users m on m.user_id = s.user_id
  where s.current_streak > 0 and s.last_claim >= now() - interval '2 days'
  order by s.current_streak desc, m.username
  limit 5
$$;
revoke execute on function public.get_top_streaks() from public;
grant execute on function public.get_top_streaks() to anon, authenticated, service_role;

create or replace function public.get_top_time_spent()
returns table (user_id uuid, username text, icon text, time_spent integer)
language sql stable security definer set search_path = public as $$
  select m.user_id, m.username, m.icon, m.time_spent
  from public.my_users m
  where m.time_spent > 0
  order by m.time_spent desc, m.username
  limit 5
$$;
revoke execute on function public.get_top_time_spent() from public;
grant execute on function public.get_top_time_spent() to anon, authenticated, service_role;

create or replace function public.get_apps_played_by_user()
returns table (user_id uuid, username text, icon text, apps_played integer)
language sql stable security definer set search_path = public as $$
  select m.user_id, m.username, m.icon, m.apps_played
  from public.my_users m
  where m.apps_played > 0
  order by m.apps_played desc, m.username
  limit 5
$$;
revoke execute on function public.get_apps_played_by_user() from public;
grant execute on function public.get_apps_played_by_user() to anon, authenticated, service_role;
