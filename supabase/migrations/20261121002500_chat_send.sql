-- Chat sending (issue #8): every insert into chat_messages, whether through send_chat_message or
-- straight through the API, passes a trigger that masks blocked words and holds each user to
-- 5 messages per 10 seconds. send_chat_message adds an idempotency key so that the offline outbox
-- can resend a message whose answer was lost without posting it twice.

alter table public.chat_messages add column client_id uuid;
-- NULL client ids (direct inserts) never collide.
create unique index chat_messages_client_once on public.chat_messages (user_id, client_id);
create index chat_messages_user_recent_idx on public.chat_messages (user_id, created_at desc);

-- Operators add or remove words with SQL (service role); lowercase letters and digits only, so a
-- word can go into a regular expression as it is.
create table app_private.chat_blocked_words (
  word text primary key,
  constraint chat_blocked_words_format check (word ~ '^[a-z0-9]{2,40}$')
);
insert into app_private.chat_blocked_words (word) values
  ('fuck'), ('fucking'), ('fucker'), ('shit'), ('bitch'), ('bastard'), ('asshole'), ('cunt'),
  ('dick'), ('slut'), ('whore'), ('retard'), ('fag'), ('faggot'), ('nigger'), ('nigga')
on conflict do nothing;

-- The body with every blocked word (whole word, any case) replaced by as many asterisks.
create or replace function app_private.mask_blocked_words(p_body text) returns text
language plpgsql stable set search_path = public as $$
declare
  v_word text;
  v_out text := p_body;
begin
  for v_word in select word from app_private.chat_blocked_words loop
    v_out := regexp_replace(v_out, '\m' || v_word || '\M', repeat('*', char_length(v_word)), 'gi');
  end loop;
  return v_out;
end $$;

create or replace function app_private.chat_messages_guard() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  new.body := btrim(app_private.mask_blocked_words(new.body));
  -- Two tabs of one user sending at once must not both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('chat_rate:' || new.user_id::text));
  if (select count(*) from public.chat_messages m
      where m.user_id = new.user_id and m.created_at > now() - interval '10 seconds') >= 5 then
    raise exception 'You are sending messages too fast: at most 5 messages every 10 seconds. Wait a moment and try again.'
      using errcode = 'P0001';
  end if;
  return new;
end $$;
revoke execute on function app_private.chat_messages_guard() from public;

create trigger chat_messages_guard before insert on public.chat_messages
  for each row execute function app_private.chat_messages_guard();

create or replace function public.send_chat_message(p_body text, p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_body text := btrim(coalesce(p_body, ''));
  v_row public.chat_messages;
begin
  if p_client_id is null then
    raise exception 'p_client_id is required' using errcode = '22023';
  end if;
  select * into v_row from public.chat_messages where user_id = v_uid and client_id = p_client_id;
  if found then
    return jsonb_build_object('id', v_row.id, 'body', v_row.body, 'created_at', v_row.created_at, 'client_id', v_row.client_id);
  end if;
  if v_body = '' then
    raise exception 'Write something before sending.' using errcode = '22023';
  end if;
  if char_length(v_body) > 500 then
    raise exception 'Messages can be at most 500 characters (this one has %).', char_length(v_body) using errcode = '22023';
  end if;
  insert into public.chat_messages (user_id, body, client_id) values (v_uid, v_body, p_client_id)
    returning * into v_row;
  return jsonb_build_object('id', v_row.id, 'body', v_row.body, 'created_at', v_row.created_at, 'client_id', v_row.client_id);
end $$;
revoke execute on function public.send_chat_message(text, uuid) from public, anon;
grant execute on function public.send_chat_message(text, uuid) to authenticated, service_role;

-- The room as a signed-in user may see it (row level security applies: the caller's rights), with
-- each author's public name. Without p_since: the newest p_limit messages; with it: everything
-- newer, so a client can poll with a cursor. client_id is returned for the caller's own messages only.
create or replace function public.get_chat_messages(p_since timestamptz default null, p_limit integer default 50)
returns table (id bigint, user_id uuid, username text, icon text, body text, created_at timestamptz, client_id uuid)
language sql stable security invoker set search_path = public as $$
  select * from (
    select m.id, m.user_id, p.username, p.icon, m.body, m.created_at,
      case when m.user_id = (select auth.uid()) then m.client_id end as client_id
    from public.chat_messages m
    left join public.public_profiles p on p.user_id = m.user_id
    where p_since is null or m.created_at > p_since
    order by
      case when p_since is null then m.created_at end desc,
      case when p_since is null then m.id end desc,
      m.created_at asc, m.id asc
    limit least(greatest(coalesce(p_limit, 50), 1), 200)
  ) newest
  order by newest.created_at, newest.id
$$;
revoke execute on function public.get_chat_messages(timestamptz, integer) from public, anon;
grant execute on function public.get_chat_messages(timestamptz, integer) to authenticated, service_role;

-- Handles are what a platform shows after its @ (or a channel id): letters, digits, _ . -
alter table public.creator_socials add constraint creator_socials_handle_format
  check (handle ~ '^[A-Za-z0-9_.-]+$');

-- Whether the signed-in user has been granted creator tools.
create or replace function public.is_creator() returns boolean
language sql stable security invoker set search_path = public as $$
  select exists (select 1 from public.creators c where c.user_id = (select auth.uid()))
$$;
grant execute on function public.is_creator() to anon, authenticated, service_role;

-- apply_mutations as of 20261121002200 (with update_profile) plus one more kind, send_chat_message.
create or replace function public.apply_mutations(p_ops jsonb) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_op jsonb;
  v_id uuid;
  v_kind text;
  v_args jsonb;
  v_result jsonb;
  v_out jsonb := '[]'::jsonb;
  v_code text;
  v_message text;
begin
  if p_ops is null or jsonb_typeof(p_ops) <> 'array' then
    raise exception 'p_ops must be an array of operations' using errcode = '22023';
  end if;
  if jsonb_array_length(p_ops) > 100 then
    raise exception 'At most 100 operations per batch, got %', jsonb_array_length(p_ops) using errcode = '22023';
  end if;

  for v_op in select value from jsonb_array_elements(p_ops) loop
    begin
      if jsonb_typeof(v_op) <> 'object' or coalesce(jsonb_typeof(v_op -> 'id'), '') <> 'string' then
        raise exception 'Each operation needs a uuid "id"' using errcode = '22023';
      end if;
      v_id := (v_op ->> 'id')::uuid;
      v_kind := v_op ->> 'kind';
      v_args := coalesce(v_op -> 'args', '{}'::jsonb);
      if jsonb_typeof(v_args) <> 'object' then
        raise exception '"args" must be an object' using errcode = '22023';
      end if;

      if v_kind = 'claim_streak' then
        v_result := public.claim_streak(v_id);
      elsif v_kind = 'record_app_played' then
        v_result := public.record_app_played(v_args ->> 'p_app_id', v_id);
      elsif v_kind = 'increment_time_spent' then
        v_result := public.increment_time_spent(
          (v_args ->> 'user_id')::uuid, (v_args ->> 'increment_value')::integer, v_id);
      elsif v_kind = 'buy_item' then
        v_result := public.buy_item(v_args ->> 'p_item_id', v_id);
      elsif v_kind = 'set_item_equipped' then
        v_result := public.set_item_equipped(v_args ->> 'p_item_id', (v_args ->> 'p_equipped')::boolean, v_id);
      elsif v_kind = 'claim_battlepass_tier' then
        v_result := public.claim_battlepass_tier(
          (v_args ->> 'p_season')::integer, (v_args ->> 'p_tier')::integer, v_id);
      elsif v_kind = 'submit_score' then
        v_result := jsonb_build_object('id',
          public.submit_score(v_args ->> 'p_app_id', (v_args ->> 'p_score')::bigint, v_id));
      elsif v_kind = 'update_profile' then
        v_result := public.update_profile(
          v_args ->> 'p_username', v_args ->> 'p_icon', v_args ->> 'p_user_about', v_id);
      elsif v_kind = 'send_chat_message' then
        v_result := public.send_chat_message(v_args ->> 'p_body', v_id);
      else
        raise exception 'Unknown operation kind: %', coalesce(v_kind, 'null') using errcode = '22023';
      end if;
      v_out := v_out || jsonb_build_array(jsonb_build_object('id', v_id, 'ok', true, 'result', v_result));
    exception when others then
      get stacked diagnostics v_code = returned_sqlstate, v_message = message_text;
      v_out := v_out || jsonb_build_array(jsonb_build_object(
        'id', v_op -> 'id', 'ok', false, 'code', v_code, 'message', v_message));
    end;
  end loop;
  return v_out;
end $$;
revoke execute on function public.apply_mutations(jsonb) from public, anon;
grant execute on function public.apply_mutations(jsonb) to authenticated, service_role;
