-- Local-only bootstrap: what hosted Supabase already provides before any migration runs.
-- It is applied by the embedded backend (on every start, so that a data folder made before a part
-- was added here gets it: every statement may run again) and by tests/db, and is never part of supabase/migrations,
-- so the migrations deploy to a hosted project unchanged. Keep it a faithful subset of hosted
-- Supabase: the same role names, the same auth.* helpers, the same storage tables and default grants
-- (the current ones: none on new tables).

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end $$;

-- Hosted Supabase keeps extensions out of public, so PostgREST never exposes their functions
-- (crypt, gen_salt ...) as RPCs.
create schema if not exists extensions;
create extension if not exists pgcrypto schema extensions;

-- auth ----------------------------------------------------------------------------------------
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text unique,
  encrypted_password text,
  email_confirmed_at timestamptz,
  recovery_token text,
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{"provider":"email","providers":["email"]}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Sessions, as GoTrue keeps them (the columns the app's SQL reads): a token names its session in the
-- session_id claim, and app_rls.require_live_session refuses a token whose session is gone. The
-- embedded auth service adds its own columns in auth-internal.sql.
create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- Authenticator-app factors, as GoTrue's auth.mfa_factors holds them: the database reads them to hold an
-- account with a verified factor to sessions that passed it (app_private.mfa_satisfied). Folders made
-- before this got the table from auth-internal.sql, which keeps creating it if missing.
create table if not exists auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type = 'totp'),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  secret text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- GoTrue's own index: every signed-in read asks whether its student has a verified factor.
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
revoke all on auth.sessions, auth.mfa_factors from public, anon, authenticated;

-- GoTrue's own helpers, as its migrations leave them: each reads the claims PostgREST sets per
-- request, in the legacy per-claim settings first (request.jwt.claim.sub ...) and then in the JSON
-- of request.jwt.claims; auth.jwt() is NULL, not '{}', when a request carries no claims.
create or replace function auth.uid() returns uuid
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;

-- storage -------------------------------------------------------------------------------------
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text not null,
  owner uuid,
  owner_id text,
  metadata jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_accessed_at timestamptz not null default now(),
  unique (bucket_id, name)
);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[]
language sql immutable as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;

create or replace function storage.filename(name text) returns text
language sql immutable as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;

create or replace function storage.extension(name text) returns text
language sql immutable as $$
  select reverse(split_part(reverse(storage.filename(name)), '.', 1))
$$;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- storage-api's guard (its migration 0055): rows of storage.objects and storage.buckets are deleted only
-- through the Storage API, which sets storage.allow_delete_query in its own transaction; a direct
-- DELETE, by anyone, is refused as on hosted, where the bytes would be left behind.
create or replace function storage.protect_delete() returns trigger
language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end $$;

drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- realtime ------------------------------------------------------------------------------------
-- What Supabase Realtime's own migrations leave in a project for "Broadcast from the database" with
-- private channels, and nothing more: realtime.messages (row level security on, no policies: the
-- project's migrations add them), realtime.topic() and realtime.send(), with hosted's names, columns,
-- signatures and grants (Realtime's tenant migrations up to 20260709120000). Hosted partitions the
-- table by day and its service drops partitions older than 72 hours; here it is one table, and the
-- embedded server deletes rows older than that (supabase/embedded/realtime.ts). The one addition is
-- realtime.messages_notify below: hosted Realtime reads new rows from the write-ahead log, the
-- embedded server learns of them by NOTIFY. Every statement may run again (see migrate.ts).
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  primary key (id, inserted_at),
  constraint messages_payload_exclusive check (payload is null or binary_payload is null)
);
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable as $$
select nullif(current_setting('realtime.topic', true), '')::text;
$$;

-- Realtime's own body (its migration 20260605120000): a failed send warns and never fails the caller.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true) returns void
as $$
DECLARE
  generated_id uuid;
  final_payload jsonb;
BEGIN
  BEGIN
    generated_id := gen_random_uuid();

    -- Check if payload has an 'id' key, if not, add the generated UUID
    IF payload ? 'id' THEN
      final_payload := payload;
    ELSE
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    END IF;

    -- Set the topic configuration
    EXECUTE format('SET LOCAL realtime.topic TO %L', topic);

    INSERT INTO realtime.messages (id, payload, event, topic, private, extension)
    VALUES (generated_id, final_payload, event, topic, private, 'broadcast');
  EXCEPTION
    WHEN OTHERS THEN
      RAISE WARNING 'WarnSendingBroadcastMessage: %', SQLERRM;
  END;
END;
$$
language plpgsql;

-- Local only: each new row's id, on commit, to the embedded server (a rolled-back row, such as a join's
-- probe, is never announced). The id alone: NOTIFY takes at most 8000 bytes, a payload may be larger.
create or replace function realtime.messages_notify() returns trigger
language plpgsql as $$
begin
  perform pg_notify('realtime_messages', new.id::text);
  return null;
end $$;
revoke all on function realtime.messages_notify() from public;
drop trigger if exists messages_notify on realtime.messages;
create trigger messages_notify after insert on realtime.messages
  for each row execute function realtime.messages_notify();

-- Hosted Supabase no longer grants the API roles anything on new public tables and sequences (the
-- Data API default since 2026-10-30): every table the app, the operators or the service role use has
-- its grants written out in supabase/schemas. Mirror that here, so a missing grant fails locally first.
-- Functions still get EXECUTE by default there, as here; each RPC's file revokes what it must.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant execute on functions to anon, authenticated, service_role;
