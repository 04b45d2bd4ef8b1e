-- Asks a classmate, by username, to be friends (issue 28). Answers 'asked' (the request waits for
-- them) or 'friends' (they had asked first: asking back accepts). Refused, with words and changing
-- nothing: no such student, oneself, a block either way, already friends, already asked, 300
-- friends, 50 requests waiting for an answer, and app_private.friend_action_refusal's hourly limit.

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
