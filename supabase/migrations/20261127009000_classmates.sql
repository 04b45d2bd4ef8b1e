-- Classmates (issue 28): friends by username or by invite link, blocks, and presence shared with
-- friends only when the student turns it on.
--
-- Why: everything in the portal was something a student does alone. This is the part two-player games
-- and "your turn" build on. Students reach all of it only through the RPCs below (app_private is closed
-- to the API roles), so no table needs a second-factor policy: every RPC starts in
-- app_private.require_uid, which holds the authenticator check. Limits: 20 requests and invites an hour,
-- 10 wrong invite codes an hour, 300 friends, 50 requests waiting, 5 open invites; the action log is
-- swept after an hour and expired invites a day after they expire (app_private.sweep_old_rows).

create table app_private.friendships (
  user_low uuid not null references auth.users (id) on delete cascade,
  user_high uuid not null references auth.users (id) on delete cascade,
  requested_by uuid not null,
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  primary key (user_low, user_high),
  constraint friendships_pair_ordered check (user_low < user_high),
  constraint friendships_requester_in_pair check (requested_by in (user_low, user_high)),
  constraint friendships_status check (status in ('pending', 'accepted')),
  constraint friendships_accepted_when check ((status = 'accepted') = (accepted_at is not null))
);
create index friendships_high_idx on app_private.friendships (user_high);

create table app_private.player_blocks (
  blocker uuid not null references auth.users (id) on delete cascade,
  blocked uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker, blocked),
  constraint player_blocks_not_self check (blocker <> blocked)
);
create index player_blocks_blocked_idx on app_private.player_blocks (blocked);

create table app_private.friend_invites (
  code text primary key,
  owner uuid not null references auth.users (id) on delete cascade,
  for_class boolean not null,
  uses_left integer not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  constraint friend_invites_code_format check (code ~ '^[A-Za-z0-9_-]{16}$'),
  constraint friend_invites_uses check (uses_left between 0 and 40)
);
create index friend_invites_owner_idx on app_private.friend_invites (owner, expires_at);
create index friend_invites_expires_idx on app_private.friend_invites (expires_at);

create table app_private.friend_actions (
  user_id uuid not null,
  action text not null,
  done_at timestamptz not null default now(),
  constraint friend_actions_action check (action in ('ask', 'wrong code'))
);
create index friend_actions_user_idx on app_private.friend_actions (user_id, action, done_at);
create index friend_actions_done_at_idx on app_private.friend_actions (done_at);

create table app_private.presence (
  user_id uuid primary key references auth.users (id) on delete cascade,
  sharing boolean not null default false,
  -- The game being played at seen_at, or null on any other page.
  app_id text,
  seen_at timestamptz
);

create or replace function app_private.friend_action_refusal(p_uid uuid, p_action text) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when p_action = 'ask' and (select count(*) from app_private.friend_actions a
          where a.user_id = p_uid and a.action = 'ask' and a.done_at > now() - interval '1 hour') >= 20
      then 'You have asked 20 classmates or made 20 invites in the last hour. Try again later.'
    when p_action = 'wrong code' and (select count(*) from app_private.friend_actions a
          where a.user_id = p_uid and a.action = 'wrong code' and a.done_at > now() - interval '1 hour') >= 10
      then 'Too many invite codes that did not work in the last hour. Ask your classmate for a new link, and try again later.'
  end
$$;
revoke all on function app_private.friend_action_refusal(uuid, text) from public;

create or replace function app_private.blocked_between(p_a uuid, p_b uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from app_private.player_blocks b
                 where (b.blocker = p_a and b.blocked = p_b) or (b.blocker = p_b and b.blocked = p_a))
$$;
revoke all on function app_private.blocked_between(uuid, uuid) from public;

create or replace function app_private.make_friends(p_requester uuid, p_other uuid) returns void
language sql security definer set search_path = '' as $$
  insert into app_private.friendships (user_low, user_high, requested_by, status, accepted_at)
  values (least(p_requester, p_other), greatest(p_requester, p_other), p_requester, 'accepted', now())
  on conflict (user_low, user_high) do update set status = 'accepted', accepted_at = coalesce(app_private.friendships.accepted_at, now())
$$;
revoke all on function app_private.make_friends(uuid, uuid) from public;

create or replace function app_private.sweep_old_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  case tg_table_name
    when 'client_mutations' then
      delete from public.client_mutations where ctid in (
        select ctid from public.client_mutations where created_at < now() - interval '35 days'
        order by created_at limit 8 for update skip locked);
    when 'game_runs' then
      delete from app_private.game_runs where ctid in (
        select ctid from app_private.game_runs where started_at < now() - interval '1 day'
        order by started_at limit 8 for update skip locked);
    when 'score_submissions_log' then
      delete from app_private.score_submissions_log where ctid in (
        select ctid from app_private.score_submissions_log where sent_at < now() - interval '1 day'
        order by sent_at limit 8 for update skip locked);
    when 'game_save_writes' then
      delete from app_private.game_save_writes where ctid in (
        select ctid from app_private.game_save_writes where written_at < now() - interval '1 minute'
        order by written_at limit 8 for update skip locked);
    when 'chat_sends' then
      delete from app_private.chat_sends where ctid in (
        select ctid from app_private.chat_sends where sent_at < now() - interval '30 seconds'
        order by sent_at limit 8 for update skip locked);
    when 'friend_actions' then
      delete from app_private.friend_actions where ctid in (
        select ctid from app_private.friend_actions where done_at < now() - interval '1 hour'
        order by done_at limit 8 for update skip locked);
    when 'friend_invites' then
      delete from app_private.friend_invites where ctid in (
        select ctid from app_private.friend_invites where expires_at < now() - interval '1 day'
        order by expires_at limit 8 for update skip locked);
  end case;
  return null;
end $$;
revoke execute on function app_private.sweep_old_rows() from public;

create trigger sweep_old_rows after insert on app_private.friend_actions
  for each statement execute function app_private.sweep_old_rows();
create trigger sweep_old_rows after insert on app_private.friend_invites
  for each statement execute function app_private.sweep_old_rows();

create or replace function public.request_friend(p_username text) returns text
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_name text := ltrim(app_private.trim_white_space(coalesce(p_username, '')), '@');
  v_other uuid;
  v_other_name text;
  v_pair app_private.friendships;
  v_refusal text;
begin
  if v_name = '' then
    raise exception 'Type your classmate''s username.' using errcode = '22023';
  end if;
  if v_name !~ '^[A-Za-z0-9_-]{3,20}$' then
    raise exception 'A username is 3 to 20 letters, digits, _ or -.' using errcode = '22023';
  end if;
  select m.user_id, m.username into v_other, v_other_name from public.my_users m where lower(m.username) = lower(v_name);
  if v_other is null then
    raise exception 'No student is called %.', v_name using errcode = 'P0001';
  end if;
  if v_other = v_uid then
    raise exception 'That is you: type a classmate''s username.' using errcode = 'P0001';
  end if;
  -- Two tabs of one student, or a double click, wait here and meet what the first one did.
  perform app_private.lock_profile(v_uid);
  if exists (select 1 from app_private.player_blocks b where b.blocker = v_uid and b.blocked = v_other) then
    raise exception 'You blocked %. Unblock them first to ask them to be friends.', v_other_name using errcode = 'P0001';
  end if;
  if app_private.blocked_between(v_uid, v_other) then
    raise exception 'You cannot ask % to be friends.', v_other_name using errcode = 'P0001';
  end if;
  select * into v_pair from app_private.friendships f
   where f.user_low = least(v_uid, v_other) and f.user_high = greatest(v_uid, v_other) for update;
  if v_pair.status = 'accepted' then
    raise exception 'You and % are already friends.', v_other_name using errcode = 'P0001';
  end if;
  if v_pair.requested_by = v_uid then
    raise exception 'You already asked %. They have not answered yet.', v_other_name using errcode = 'P0001';
  end if;
  if v_pair.requested_by = v_other then
    perform app_private.make_friends(v_other, v_uid);
    return 'friends';
  end if;
  if (select count(*) from app_private.friendships f
      where (f.user_low = v_uid or f.user_high = v_uid) and f.status = 'accepted') >= 300 then
    raise exception 'You have 300 friends, the most a student can have. Remove one to add another.' using errcode = 'P0001';
  end if;
  if (select count(*) from app_private.friendships f
      where (f.user_low = v_uid or f.user_high = v_uid) and f.status = 'pending' and f.requested_by = v_uid) >= 50 then
    raise exception '50 of your requests are waiting for an answer. Wait for some before asking more.' using errcode = 'P0001';
  end if;
  v_refusal := app_private.friend_action_refusal(v_uid, 'ask');
  if v_refusal is not null then
    raise exception '%', v_refusal using errcode = 'P0001';
  end if;
  -- Asked at the same moment from the other side: that request stands, and this one accepts it.
  insert into app_private.friendships (user_low, user_high, requested_by)
  values (least(v_uid, v_other), greatest(v_uid, v_other), v_uid)
  on conflict (user_low, user_high) do nothing;
  if not found then
    perform app_private.make_friends(v_other, v_uid);
    return 'friends';
  end if;
  insert into app_private.friend_actions (user_id, action) values (v_uid, 'ask');
  return 'asked';
end $$;
revoke execute on function public.request_friend(text) from public, anon;
grant execute on function public.request_friend(text) to authenticated, service_role;

create or replace function public.answer_friend_request(p_user_id uuid, p_accept boolean) returns text
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_pair app_private.friendships;
begin
  if p_user_id is null or p_accept is null then
    raise exception 'Say whose request you answer, and whether you accept it.' using errcode = '22023';
  end if;
  select * into v_pair from app_private.friendships f
   where f.user_low = least(v_uid, p_user_id) and f.user_high = greatest(v_uid, p_user_id) for update;
  if v_pair.status is distinct from 'pending' or v_pair.requested_by <> p_user_id then
    raise exception 'There is no request from this student waiting for your answer.' using errcode = 'P0001';
  end if;
  if p_accept then
    perform app_private.make_friends(p_user_id, v_uid);
    return 'friends';
  end if;
  delete from app_private.friendships f where f.user_low = v_pair.user_low and f.user_high = v_pair.user_high;
  return 'declined';
end $$;
revoke execute on function public.answer_friend_request(uuid, boolean) from public, anon;
grant execute on function public.answer_friend_request(uuid, boolean) to authenticated, service_role;

create or replace function public.remove_friend(p_user_id uuid) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  delete from app_private.friendships f
   where f.user_low = least(v_uid, p_user_id) and f.user_high = greatest(v_uid, p_user_id)
     and (f.status = 'accepted' or f.requested_by = v_uid);
  if not found then
    raise exception 'You are not friends with this student, and have not asked them.' using errcode = 'P0001';
  end if;
end $$;
revoke execute on function public.remove_friend(uuid) from public, anon;
grant execute on function public.remove_friend(uuid) to authenticated, service_role;

create or replace function public.block_player(p_user_id uuid) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  if p_user_id is null or not exists (select 1 from public.my_users m where m.user_id = p_user_id) then
    raise exception 'There is no such student to block.' using errcode = 'P0001';
  end if;
  if p_user_id = v_uid then
    raise exception 'You cannot block yourself.' using errcode = 'P0001';
  end if;
  insert into app_private.player_blocks (blocker, blocked) values (v_uid, p_user_id) on conflict do nothing;
  delete from app_private.friendships f where f.user_low = least(v_uid, p_user_id) and f.user_high = greatest(v_uid, p_user_id);
end $$;
revoke execute on function public.block_player(uuid) from public, anon;
grant execute on function public.block_player(uuid) to authenticated, service_role;

create or replace function public.unblock_player(p_user_id uuid) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  delete from app_private.player_blocks b where b.blocker = v_uid and b.blocked = p_user_id;
  if not found then
    raise exception 'You have not blocked this student.' using errcode = 'P0001';
  end if;
end $$;
revoke execute on function public.unblock_player(uuid) from public, anon;
grant execute on function public.unblock_player(uuid) to authenticated, service_role;

create or replace function public.create_friend_invite(p_for_class boolean default false)
returns table (code text, for_class boolean, uses_left integer, expires_at timestamptz)
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_refusal text;
begin
  if p_for_class is null then
    raise exception 'Say whether the invite is for one classmate or for a class.' using errcode = '22023';
  end if;
  perform app_private.lock_profile(v_uid);
  if (select count(*) from app_private.friend_invites i
      where i.owner = v_uid and i.expires_at > now() and i.uses_left > 0) >= 5 then
    raise exception 'You have 5 invites still open. Use or cancel one before making another.' using errcode = 'P0001';
  end if;
  v_refusal := app_private.friend_action_refusal(v_uid, 'ask');
  if v_refusal is not null then
    raise exception '%', v_refusal using errcode = 'P0001';
  end if;
  insert into app_private.friend_actions (user_id, action) values (v_uid, 'ask');
  return query
    insert into app_private.friend_invites as i (code, owner, for_class, uses_left, expires_at)
    values (translate(encode(extensions.gen_random_bytes(12), 'base64'), '+/', '-_'), v_uid, p_for_class,
            case when p_for_class then 40 else 1 end,
            now() + case when p_for_class then interval '1 day' else interval '7 days' end)
    returning i.code, i.for_class, i.uses_left, i.expires_at;
end $$;
revoke execute on function public.create_friend_invite(boolean) from public, anon;
grant execute on function public.create_friend_invite(boolean) to authenticated, service_role;

create or replace function public.redeem_friend_invite(p_code text) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_code text := btrim(coalesce(p_code, ''));
  v_invite app_private.friend_invites;
  v_refusal text;
begin
  v_refusal := app_private.friend_action_refusal(v_uid, 'wrong code');
  if v_refusal is not null then
    return jsonb_build_object('ok', false, 'message', v_refusal);
  end if;
  if v_code ~ '^[A-Za-z0-9_-]{16}$' then
    select * into v_invite from app_private.friend_invites i where i.code = v_code for update;
  end if;
  if v_invite.code is not null and v_invite.owner = v_uid then
    return jsonb_build_object('ok', false, 'message', 'This is your own invite: share it with a classmate.');
  end if;
  -- A friend who opens the link again is told they are friends, whatever the link's state.
  if v_invite.code is not null and exists (
       select 1 from app_private.friendships f
       where f.user_low = least(v_uid, v_invite.owner) and f.user_high = greatest(v_uid, v_invite.owner)
         and f.status = 'accepted') then
    return (select jsonb_build_object('ok', true, 'user_id', m.user_id, 'username', m.username)
            from public.my_users m where m.user_id = v_invite.owner);
  end if;
  if v_invite.code is null or v_invite.expires_at <= now() or v_invite.uses_left = 0 then
    insert into app_private.friend_actions (user_id, action) values (v_uid, 'wrong code');
    return jsonb_build_object('ok', false, 'message', case
      when v_invite.code is null then 'This invite link does not work. Check it, or ask your classmate for a new one.'
      when v_invite.uses_left = 0 then 'This invite link has been used up. Ask your classmate for a new one.'
      else 'This invite link has expired. Ask your classmate for a new one.' end);
  end if;
  if app_private.blocked_between(v_uid, v_invite.owner) then
    return jsonb_build_object('ok', false, 'message', 'You cannot use this invite.');
  end if;
  update app_private.friend_invites i set uses_left = i.uses_left - 1 where i.code = v_invite.code;
  perform app_private.make_friends(v_invite.owner, v_uid);
  return (select jsonb_build_object('ok', true, 'user_id', m.user_id, 'username', m.username)
          from public.my_users m where m.user_id = v_invite.owner);
end $$;
revoke execute on function public.redeem_friend_invite(text) from public, anon;
grant execute on function public.redeem_friend_invite(text) to authenticated, service_role;

create or replace function public.revoke_friend_invite(p_code text) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  update app_private.friend_invites i set uses_left = 0
   where i.code = p_code and i.owner = v_uid and i.uses_left > 0 and i.expires_at > now();
  if not found then
    raise exception 'You have no open invite with this code.' using errcode = 'P0001';
  end if;
end $$;
revoke execute on function public.revoke_friend_invite(text) from public, anon;
grant execute on function public.revoke_friend_invite(text) to authenticated, service_role;

create or replace function public.get_classmates()
returns table (user_id uuid, username text, icon text, relation text, since timestamptz, online boolean, playing text, last_seen timestamptz)
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  return query
  with me as (select v_uid as id), mine as (
    select case when f.user_low = me.id then f.user_high else f.user_low end as other,
           case when f.status = 'accepted' then 'friend'
                when f.requested_by = me.id then 'you asked'
                else 'asked you' end as relation,
           coalesce(f.accepted_at, f.created_at) as since
    from app_private.friendships f, me
    where f.user_low = me.id or f.user_high = me.id
    union all
    select b.blocked, 'blocked', b.created_at from app_private.player_blocks b, me where b.blocker = me.id
  )
  select m.user_id, m.username, m.icon, r.relation, r.since,
         coalesce(p.seen_at > now() - interval '1 minute', false),
         case when p.seen_at > now() - interval '1 minute' then p.app_id end,
         p.seen_at
  from mine r
  join public.my_users m on m.user_id = r.other
  left join app_private.presence p on r.relation = 'friend' and p.user_id = r.other and p.sharing
  order by array_position(array['asked you', 'friend', 'you asked', 'blocked'], r.relation), lower(m.username);
end $$;
revoke execute on function public.get_classmates() from public, anon;
grant execute on function public.get_classmates() to authenticated, service_role;

create or replace function public.set_presence(p_app_id text default null) returns boolean
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_presence app_private.presence;
begin
  if p_app_id is not null and not exists (select 1 from public.apps a where a.id = p_app_id and a.retired_at is null) then
    raise exception 'Unknown app: %', p_app_id using errcode = '22023';
  end if;
  select * into v_presence from app_private.presence p where p.user_id = v_uid;
  if not coalesce(v_presence.sharing, false) then
    return false;
  end if;
  if v_presence.seen_at > now() - interval '10 seconds' and v_presence.app_id is not distinct from p_app_id then
    return true;
  end if;
  update app_private.presence p set seen_at = now(), app_id = p_app_id where p.user_id = v_uid;
  return true;
end $$;
revoke execute on function public.set_presence(text) from public, anon;
grant execute on function public.set_presence(text) to authenticated, service_role;

create or replace function public.set_presence_sharing(p_on boolean) returns boolean
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  if p_on is null then
    raise exception 'Say whether your friends may see when you are online.' using errcode = '22023';
  end if;
  insert into app_private.presence (user_id, sharing) values (v_uid, p_on)
  on conflict (user_id) do update set sharing = excluded.sharing,
    seen_at = case when excluded.sharing then app_private.presence.seen_at end,
    app_id = case when excluded.sharing then app_private.presence.app_id end;
  return p_on;
end $$;
revoke execute on function public.set_presence_sharing(boolean) from public, anon;
grant execute on function public.set_presence_sharing(boolean) to authenticated, service_role;

create or replace function public.get_presence_sharing() returns boolean
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  return coalesce((select p.sharing from app_private.presence p where p.user_id = v_uid), false);
end $$;
revoke execute on function public.get_presence_sharing() from public, anon;
grant execute on function public.get_presence_sharing() to authenticated, service_role;

