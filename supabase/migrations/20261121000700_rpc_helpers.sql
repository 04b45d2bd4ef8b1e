-- Internal helpers of the RPCs. They live in app_private, a schema the API roles cannot use, so
-- PostgREST never exposes them; the security-definer RPCs call them with their owner's rights.

create schema if not exists app_private;
revoke all on schema app_private from public;

-- Every user action starts here: no signed-in user, no action.
create or replace function app_private.require_uid() returns uuid
language plpgsql stable set search_path = public as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'Hey! You Must Be Logged In To Do That!' using errcode = '42501';
  end if;
  return v_uid;
end $$;

-- A profile with a random short username and the default icon; retried on the rare name collision.
create or replace function app_private.create_profile(p_uid uuid) returns void
language plpgsql set search_path = public as $$
declare
  v_attempt integer := 0;
begin
  loop
    insert into public.my_users (user_id, username)
    values (p_uid, 'user_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 10))
    on conflict do nothing;
    exit when exists (select 1 from public.my_users where user_id = p_uid);
    v_attempt := v_attempt + 1;
    if v_attempt >= 5 then
      raise exception 'Failed to get profile, and failed to create profile' using errcode = 'P0001';
    end if;
  end loop;
end $$;

-- Every money or progress change of a user first locks that user's profile row, so two concurrent
-- calls of one user run one after the other and the second sees what the first wrote.
create or replace function app_private.lock_profile(p_uid uuid) returns public.my_users
language plpgsql set search_path = public as $$
declare
  v_profile public.my_users;
begin
  select * into v_profile from public.my_users where user_id = p_uid for update;
  if not found then
    perform app_private.create_profile(p_uid);
    select * into v_profile from public.my_users where user_id = p_uid for update;
  end if;
  return v_profile;
end $$;

-- The streak as the user has it now: one whose last claim is more than 2 days old has lapsed.
create or replace function app_private.active_streak(p_uid uuid) returns integer
language sql stable set search_path = public as $$
  select coalesce((
    select case when s.last_claim >= now() - interval '2 days' then s.current_streak else 0 end
    from public.streak s where s.user_id = p_uid
  ), 0)
$$;

create or replace function app_private.balance(p_uid uuid) returns bigint
language sql stable set search_path = public as $$
  select coalesce(sum(amt), 0)::bigint from public.coins_transactions where user_id = p_uid
$$;

-- A reward: positive gains are doubled while the streak is running, and the reason says so.
-- Returns the amount actually credited.
create or replace function app_private.reward(p_uid uuid, p_amt integer, p_why text) returns integer
language plpgsql set search_path = public as $$
declare
  v_amt integer := p_amt;
  v_why text := p_why;
begin
  if p_amt > 0 and app_private.active_streak(p_uid) > 0 then
    v_amt := p_amt * 2;
    v_why := p_why || ' (streak bonus x2)';
  end if;
  insert into public.coins_transactions (user_id, amt, why) values (p_uid, v_amt, v_why);
  return v_amt;
end $$;

-- Idempotency, step 1: claim the client id for this call. Returns null when this call is the first
-- (go ahead), or the stored result of the earlier application (return it, apply nothing). A
-- concurrent first call holding the same id makes this wait until it commits or rolls back. A failed
-- call rolls its claim back with it, so a retry of a refused action is evaluated afresh.
create or replace function app_private.begin_mutation(p_uid uuid, p_client_id uuid, p_kind text) returns jsonb
language plpgsql set search_path = public as $$
declare
  v_kind text;
  v_result jsonb;
begin
  if p_client_id is null then
    raise exception 'p_client_id is required: a fresh uuid per action, reused only to retry it'
      using errcode = '22023';
  end if;
  insert into public.client_mutations (user_id, client_id, kind) values (p_uid, p_client_id, p_kind)
  on conflict (user_id, client_id) do nothing;
  if found then
    return null;
  end if;
  select kind, result into v_kind, v_result
  from public.client_mutations where user_id = p_uid and client_id = p_client_id;
  if v_kind <> p_kind then
    raise exception 'client id % was already used for %, not %', p_client_id, v_kind, p_kind
      using errcode = '22023';
  end if;
  return v_result;
end $$;

-- Idempotency, step 2: remember what the first application returned.
create or replace function app_private.finish_mutation(p_uid uuid, p_client_id uuid, p_result jsonb) returns jsonb
language sql set search_path = public as $$
  update public.client_mutations set result = p_result
  where user_id = p_uid and client_id = p_client_id
  returning result
$$;

-- Adds an item to the user's collection (equipped false). A badge also joins the profile's badges;
-- a Dabloon pack credits its coins as they are (a pack holds what it says, no streak bonus).
create or replace function app_private.unlock_item(p_uid uuid, p_item public.shop_items, p_why text) returns void
language plpgsql set search_path = public as $$
begin
  insert into public.items_unlocked (user_id, item, type) values (p_uid, p_item.id, p_item.type)
  on conflict (user_id, item) do nothing;
  if not found then
    raise exception 'Item not unlocked, You already have it' using errcode = 'P0001';
  end if;
  if p_item.type = 'badge' then
    update public.my_users set badges = array_append(badges, p_item.id)
    where user_id = p_uid and not (p_item.id = any (badges));
  elsif p_item.type = 'coin' then
    insert into public.coins_transactions (user_id, amt, why) values (p_uid, p_item.price, p_why);
  end if;
end $$;

-- Whether a score submission's proof image is stored.
create or replace function app_private.has_proof(p_submission_id bigint) returns boolean
language sql stable set search_path = public as $$
  select exists (
    select 1 from storage.objects o
    where o.bucket_id = 'submissions' and split_part(o.name, '_', 1) = p_submission_id::text
  )
$$;

revoke all on all functions in schema app_private from public;
