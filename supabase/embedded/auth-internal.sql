-- Local-only internals of the embedded auth service: refresh tokens, sessions, MFA factors and the mailbox.
-- Hosted Supabase keeps the same things inside GoTrue's own auth.* tables. These tables get no
-- grants, so anon, authenticated and service_role cannot read them through the REST API; only the
-- gateway, connected as the database owner, touches them. Every statement is idempotent because
-- the gateway applies this file on each start (as it does bootstrap.sql; the migrations are not re-run).

-- auth.sessions itself comes with bootstrap.sql, since hosted Supabase has it and the migrations read it
-- (app_rls.require_live_session); folders made before that got it from here, with the same shape.

-- Rotating refresh tokens: each use revokes the token and issues a child in the same session.
create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- Mails "sent" in local mode, shown at /mailbox.
create table if not exists auth.mailbox (
  id bigserial primary key,
  recipient text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);

-- The assurance level a session reached and how (GoTrue's sessions.aal and mfa_amr_claims): a
-- refreshed token keeps them, so a second factor verified once lasts for the whole session.
alter table auth.sessions add column if not exists aal text not null default 'aal1';
alter table auth.sessions add column if not exists amr jsonb not null default '[]'::jsonb;

-- Authenticator-app (TOTP) factors and their challenges, as GoTrue's auth.mfa_* tables hold them.
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
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz
);

revoke all on auth.sessions, auth.refresh_tokens, auth.mailbox, auth.mfa_factors, auth.mfa_challenges
  from public, anon, authenticated, service_role;
revoke all on sequence auth.refresh_tokens_id_seq, auth.mailbox_id_seq from public, anon, authenticated, service_role;

-- Guessing defences (issue #17). An e-mailed recovery code is kept apart from the link's token (a
-- long random one), so guessing the 6-digit code is the only short guess, and it dies after a few
-- wrong tries; an MFA challenge dies after a few wrong codes.
alter table auth.users add column if not exists recovery_code_hash text;
alter table auth.users add column if not exists recovery_failed_attempts integer not null default 0;
alter table auth.mfa_challenges add column if not exists failed_attempts integer not null default 0;

-- E-mail confirmation (supabase/config.toml's [auth.email] enable_confirmations): GoTrue's columns. The
-- token is kept as a hash, as the recovery link's is.
alter table auth.users add column if not exists confirmation_token text;
alter table auth.users add column if not exists confirmation_sent_at timestamptz;
